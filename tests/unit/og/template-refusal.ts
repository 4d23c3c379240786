/** The compiler's refusal of a template source (its TemplateError), for the template-language tests. */
import { compileTemplate, TemplateError } from "@/lib/og/account/compile";

export function refusalOf(source: string): TemplateError {
  try {
    compileTemplate(source);
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error("compiled, but should have been refused");
}
