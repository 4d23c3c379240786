import { playgroundLinkIn } from "./playground/share";

/**
 * "Open in playground" under a code example that shows a GET /v1/screenshot, og, content or
 * animate request: the playground opens with the same parameters (D22). A full page load, not a
 * client navigation: the playground reads its starting values from the address it loads with.
 */
export function PlaygroundLink({ code }: { code: string }) {
  const href = playgroundLinkIn(code);
  if (!href) return null;
  return (
    // <a>, not <Link>: a full load, so the playground starts from this address.
    <a
      href={href}
      className="mt-2 inline-flex text-sm font-medium text-brand-700 hover:underline"
      data-testid="open-in-playground"
    >
      Open in playground →
    </a>
  );
}
