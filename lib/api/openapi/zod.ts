/** A zod schema (a response body typed for its handler) as a component schema of the document. */
import { z } from "zod";
import type { Schema } from "./types";

export function zodSchema(schema: z.ZodType): Schema {
  return z.toJSONSchema(schema, { target: "draft-2020-12" }) as Schema;
}
