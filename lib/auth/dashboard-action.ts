/**
 * The one way to write a server action (D31): `dashboardAction` for a form with a state
 * (`useActionState`), `dashboardFormAction` for a plain `<form action>`. Each checks that the request
 * came from our own pages (CSRF, on top of Next.js's own check), who is signed in (unless the spec
 * says `signedIn: false`, as sign-in itself does), and reads the form through a zod schema, before the
 * action's body runs with the session's user, the workspace it acts for (its role checked against
 * the action's permission, D28) and the typed fields. The workspace always comes from the session
 * and the membership, never from the form. Beside its permission every action declares its audit
 * entries (D28): the ones its body may record, through the `audit` it is given, or why it records
 * none; recording an entry it did not declare throws. Not a "use server" module, so it is no
 * endpoint of its own.
 */
import "server-only";
import { headers } from "next/headers";
import { z } from "zod";
import { isStorableText, UNSTORABLE_TEXT } from "@/lib/vocabulary/stored-text";
import { isSameOriginRequest } from "@/lib/auth/origin";
import { can, ROLE_LABELS, rolesThatMay, type Permission } from "@/lib/auth/roles";
import { getCurrentUser, type SessionUser } from "@/lib/auth/session";
import { getCurrentWorkspace, type CurrentWorkspace } from "@/lib/auth/workspace";
import { recordAudit, withDeclaredAudit, type AuditAction, type AuditDetail } from "@/lib/audit/audit-log";

/** Why an action did not run its body; `message` is what the form shows. */
export interface Refusal {
  reason: "origin" | "session" | "permission" | "input";
  message: string;
}

/** How most forms say a refusal: their own `{ status: "error", message }` state. */
export interface ActionError {
  status: "error";
  message: string;
}

/** The fields of a form as sent: a name sent twice is a list (read them with `many`). */
export type FormFields = Record<string, FormDataEntryValue | FormDataEntryValue[]>;

type FormSchema = z.ZodType;

/**
 * What an action writes to the workspace's audit log (D28), declared where its permission is: the
 * entries its body may record (one or a list), or `{ none: "why" }` for an action that changes
 * nothing worth recording (a preview, a check, a sign-in) or whose change is recorded elsewhere.
 */
export type AuditDeclaration<A extends AuditAction = AuditAction> = A | readonly A[] | { none: string };

/** Records one of the action's declared entries for its workspace, with the person as actor. */
type Audit<A extends AuditAction> = (action: A, target?: string | null, detail?: AuditDetail) => Promise<void>;

interface Spec<S extends FormSchema, R, A extends AuditAction> {
  /** The form's fields; the body gets the parsed output. Without it the action reads no form. */
  input?: S;
  /** Finishes the signed-out message: "Sign in again to manage <what>." */
  what?: string;
  /** `false` for actions a signed-out visitor runs (sign-in); the origin is still checked. */
  signedIn?: boolean;
  /**
   * What the person's role in the current workspace must allow (D28, lib/auth/roles.ts). Every
   * signed-in action names one; the body then acts for `workspace`, never for the person's own id.
   */
  permission?: Permission;
  /** Required: the audit entries the body records, or why it records none. */
  audit: AuditDeclaration<A>;
  /** How a refusal is said: a state, or a redirect (which never returns). */
  refused: (refusal: Refusal, form: FormFields) => NoInfer<R> | Promise<NoInfer<R>>;
}

type Context<S extends FormSchema, Signed, A extends AuditAction> = {
  input: z.output<S>;
  form: FormFields;
} & (Signed extends false
  ? { user?: undefined; workspace?: undefined; audit?: undefined }
  : { user: SessionUser; workspace: CurrentWorkspace; audit: Audit<A> });

type Body<S extends FormSchema, Signed, R, A extends AuditAction> = (context: Context<S, Signed, A>) => Promise<R>;

/** The entries a declaration allows. */
export function declaredAuditActions(declaration: AuditDeclaration): readonly AuditAction[] {
  if (typeof declaration === "string") return [declaration];
  return "none" in declaration ? [] : (declaration as readonly AuditAction[]);
}

/**
 * Every action made here, with its declaration: tests/integration/workspaces/roles.test.ts walks
 * every server-action module and fails for an export that is not in it or declares nothing.
 */
const DECLARED = new WeakMap<object, AuditDeclaration>();

export function auditDeclarationOf(action: unknown): AuditDeclaration | undefined {
  return typeof action === "function" ? DECLARED.get(action) : undefined;
}

function declared<F extends object>(action: F, declaration: AuditDeclaration): F {
  // The type makes the field required; this catches a spec cast past it.
  const why = typeof declaration === "object" && declaration && "none" in declaration ? declaration.none.trim() : "";
  if (!declaration || (declaredAuditActions(declaration).length === 0 && why === ""))
    throw new Error("An action declares the audit entries it records, or why it records none.");
  DECLARED.set(action, declaration);
  return action;
}

const WRONG_ORIGIN = "This request did not come from the Glance dashboard.";

/** The default refusal for a form whose state has `{ status: "error", message }`. */
export const refuseWithError = (refusal: Refusal): ActionError => ({ status: "error", message: refusal.message });

export function formFields(formData: FormData | undefined): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of formData ?? []) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
}

async function run<S extends FormSchema, Signed extends boolean, R, A extends AuditAction>(
  spec: Spec<S, R, A> & { signedIn?: Signed },
  body: Body<S, Signed, R, A>,
  formData: FormData | undefined,
): Promise<R> {
  const form = formFields(formData);
  if (!isSameOriginRequest(await headers())) return spec.refused({ reason: "origin", message: WRONG_ORIGIN }, form);
  let user: SessionUser | undefined;
  let workspace: CurrentWorkspace | undefined;
  if (spec.signedIn !== false) {
    // The membership and role are read afresh for this request (D28): a removed member or a lowered
    // role is refused at once, on every instance.
    workspace = (await getCurrentWorkspace()) ?? undefined;
    user = workspace?.user ?? (await getCurrentUser()) ?? undefined;
    const what = spec.what ?? "your account";
    const message = `Your session has ended. Sign in again to manage ${what}.`;
    if (!user || !workspace) return spec.refused({ reason: "session", message }, form);
    if (workspace.fellBack) {
      const gone = "You are no longer a member of that workspace. Reload the page to continue in your own.";
      return spec.refused({ reason: "permission", message: gone }, form);
    }
    if (!can(workspace.role, spec.permission ?? "read")) {
      const role = ROLE_LABELS[workspace.role].toLowerCase();
      const permission = spec.permission ?? "read";
      const denied = `As ${role} of this workspace you cannot manage ${what}. ${rolesThatMay(permission)} can.`;
      return spec.refused({ reason: "permission", message: denied }, form);
    }
  }
  const parsed = (spec.input ?? z.object({})).safeParse(form);
  if (!parsed.success) {
    return spec.refused({ reason: "input", message: parsed.error.issues[0]?.message ?? "Invalid form." }, form);
  }
  const audit: Audit<A> | undefined =
    workspace && user ? (action, target, detail) => recordAudit(workspace.id, user, action, target, detail) : undefined;
  // Any entry recorded while the body runs (here or deeper, e.g. in a service) must be declared.
  return withDeclaredAudit(declaredAuditActions(spec.audit), () =>
    body({ input: parsed.data, form, user, workspace, audit } as Context<S, Signed, A>),
  );
}

/** An action for `useActionState`: `(previous state, form) → next state`. */
export function dashboardAction<S extends FormSchema, R, Signed extends boolean = true, A extends AuditAction = never>(
  spec: Spec<S, R, A> & { signedIn?: Signed },
  body: Body<S, Signed, R, A>,
): (previous: R, formData?: FormData) => Promise<R> {
  return declared((_previous: R, formData?: FormData) => run(spec, body, formData), spec.audit);
}

/** An action for a plain `<form action>` (or a call without a form): answers by redirecting, or not at all. */
export function dashboardFormAction<S extends FormSchema, Signed extends boolean = true, A extends AuditAction = never>(
  spec: Spec<S, void, A> & { signedIn?: Signed },
  body: Body<S, Signed, void, A>,
): (formData?: FormData) => Promise<void> {
  return declared((formData?: FormData) => run(spec, body, formData), spec.audit);
}

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** A text field: what `formData.get` gave when it was a string, else "" (missing, or a file). */
export function text(): z.ZodPipe<z.ZodTransform<string, unknown>, z.ZodString>;
export function text<T extends z.ZodType<unknown, string>>(inner: T): z.ZodPipe<z.ZodTransform<string, unknown>, T>;
export function text(inner: z.ZodType<unknown, string> = z.string()): z.ZodType {
  return z.preprocess((value, ctx) => {
    const one = first(value);
    const sent = typeof one === "string" ? one : "";
    return isStorableText(sent) ? sent : unstorable(ctx);
  }, inner);
}

/** Every value sent under one name (checkboxes, multi-selects); files are left out. */
export function many() {
  return z.preprocess((value, ctx) => {
    const sent = (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === "string",
    );
    return sent.every(isStorableText) ? sent : unstorable(ctx);
  }, z.array(z.string()));
}

/**
 * A form's text is stored (names, descriptions, e-mails): a NUL or lone surrogate, which
 * PostgreSQL refuses, is the form's error instead of a failed insert (lib/vocabulary/stored-text.ts, D1).
 */
function unstorable(ctx: z.RefinementCtx): never {
  ctx.addIssue({ code: "custom", message: `Text ${UNSTORABLE_TEXT}.` });
  return z.NEVER;
}

/** A checkbox: ticked when sent as "on". */
export const checkbox = () => z.preprocess((value) => first(value) === "on", z.boolean());

/** A file input: the file, or undefined when none was chosen. */
export const file = () =>
  z.preprocess((value) => {
    const one = first(value);
    return one instanceof File && one.size > 0 ? one : undefined;
  }, z.instanceof(File).optional());
