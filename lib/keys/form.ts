/** The key forms' shared fields (server actions only). */
import "server-only";
import { text } from "@/lib/auth/dashboard-action";
import { z } from "zod";

export const KEY_NOT_FOUND = "No active key with this id exists in your account.";

/** A key id from a form: malformed is answered like an id that is not the user's. */
export const keyIdField = text(z.string().min(1, KEY_NOT_FOUND).max(64, KEY_NOT_FOUND));
