import { Input } from "@/components/ui";

/**
 * A key, key id or signing secret typed into the playground: monospace, never autocompleted or
 * spell-checked, trimmed as typed; its hint is the element `${id}-hint` (Field renders it).
 */
export function CredentialInput({
  id,
  secret = false,
  placeholder,
  value,
  onValue,
  testId,
}: {
  id: string;
  /** Masked like a password (API keys and signing secrets; a public key id is not). */
  secret?: boolean;
  placeholder: string;
  value: string;
  onValue: (value: string) => void;
  testId: string;
}) {
  return (
    <Input
      id={id}
      aria-describedby={`${id}-hint`}
      type={secret ? "password" : undefined}
      autoComplete="off"
      spellCheck={false}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onValue(e.target.value.trim())}
      data-testid={testId}
      className="font-mono"
    />
  );
}
