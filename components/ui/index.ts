// The design system. Server-safe primitives plus three client ones (CopyButton, Dialog, CodeBlock's button).
export { cn } from "./cn";
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from "./button";
export { Input, Textarea, Label, Field } from "./input";
export { Select } from "./select";
export { Checkbox, Switch } from "./checkbox";
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from "./card";
export { Badge, type BadgeTone } from "./badge";
export { Table, THead, TBody, TR, TH, TD } from "./table";
export { Dialog } from "./dialog";
export { CopyButton } from "./copy-button";
export { Tabs } from "./tabs";
export { CodeBlock } from "./code-block";
export { Alert, EmptyState, type AlertTone } from "./alert";
export { Spinner, Skeleton } from "./spinner";
