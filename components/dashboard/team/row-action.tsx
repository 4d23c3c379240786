import type { ReactNode } from "react";
import type { ButtonVariant } from "@/components/ui";
import { SubmitButton } from "@/components/dashboard/submit-button";

/**
 * A one-button form in a team table's row (revoke an invitation, make owner, remove a member): the
 * row's id goes as the hidden field `name`, and the button is sized for the row.
 */
export function RowAction({
  action,
  name,
  value,
  variant = "outline",
  pendingLabel,
  children,
}: {
  action: (formData: FormData) => void | Promise<void>;
  name: string;
  value: string;
  variant?: ButtonVariant;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <form action={action}>
      <input type="hidden" name={name} value={value} />
      <SubmitButton variant={variant} className="px-2.5 py-1" pendingLabel={pendingLabel}>
        {children}
      </SubmitButton>
    </form>
  );
}
