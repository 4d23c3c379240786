// The design system. Server-safe primitives plus two client ones (CopyButton, CodeBlock's button).
export { cn } from "./cn";
export { Button, buttonClasses, type ButtonVariant } from "./button";
export { Input, Textarea, Field } from "./input";
export { Select } from "./select";
export { Checkbox, Switch } from "./checkbox";
export { Card, CardContent } from "./card";
export { Badge, type BadgeTone } from "./badge";
export { Table, THead, TBody, TR, TH, TD } from "./table";
export { CopyButton } from "./copy-button";
export { Tabs } from "./tabs";
export { CodeBlock } from "./code-block";
export { Alert } from "./alert";
export { Spinner, Skeleton } from "./spinner";
