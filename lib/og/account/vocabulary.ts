/**
 * The names the template language gives a template beyond its own variables (D33 point 8), as
 * plain data: the compiler types them (expression.ts, layout.ts) and the studio's editor offers
 * them as completions (components/dashboard/og-studio/template-names.ts) from this one list.
 */

/** Functions in expressions, with their argument counts and what they do (the editor's detail). */
export const FUNCTIONS = {
  min: { args: [2, 8], detail: "smallest of the numbers" },
  max: { args: [2, 8], detail: "largest of the numbers" },
  round: { args: [1, 1], detail: "to the nearest whole number" },
  floor: { args: [1, 1], detail: "down to a whole number" },
  ceil: { args: [1, 1], detail: "up to a whole number" },
  px: { args: [1, 2], detail: "px(n, min): n rounded, at least min" },
  scale: { args: [1, 2], detail: "scale(n, min): n × theme.u rounded, at least min" },
  count: { args: [1, 1], detail: "items in a list variable" },
} as const;

/** `theme.*`: lib/og/templates/theme.ts's makeTheme for the canvas and the `<theme>` colours. */
export const THEME_COLORS = [
  "bg",
  "fg",
  "muted",
  "faint",
  "surface",
  "border",
  "accent",
  "accentText",
  "onAccent",
] as const;
export const THEME_NUMBERS = ["width", "height", "u", "padX", "padY", "glowOpacity"] as const;

/** What a `<fit name="head">` gives: `head.size`, `head.clamp`, `head.lines`, `head.height`. */
export const FIT_FIELDS = ["size", "clamp", "lines", "height"] as const;
