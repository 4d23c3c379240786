"use client";

import { useFormStatus } from "react-dom";
import { buttonClasses, Spinner, type ButtonVariant } from "@/components/ui";

/** A submit button that shows progress and ignores repeat clicks while its form is being sent. */
export function SubmitButton({
  children,
  pendingLabel,
  variant = "primary",
  className,
  disabled,
  ...rest
}: {
  children: React.ReactNode;
  pendingLabel?: string;
  variant?: ButtonVariant;
  className?: string;
  disabled?: boolean;
} & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled">) {
  const { pending } = useFormStatus();
  return (
    <button
      {...rest}
      type="submit"
      disabled={disabled}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
      className={buttonClasses({ variant }, className)}
    >
      {pending && <Spinner />}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
