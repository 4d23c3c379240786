/**
 * The SDK's names for the API's shapes, all taken from the generated `openapi.ts` (the OpenAPI
 * document, itself built from the endpoints' zod schemas): an option the server adds, renames or
 * drops changes these types when `npm run sdk:generate` runs, and the repo's drift test fails
 * until it has.
 */
import type { components, operations, webhooks } from "./openapi.js";

type Schemas = components["schemas"];
type JsonBody<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : never;
type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;
type Query<Op extends keyof operations> = NonNullable<operations[Op]["parameters"]["query"]>;

/** Parameters the client fills in itself: authentication, signing and the answer's form. */
type Managed = "api_key" | "key_id" | "expires" | "signature" | "response";

export type Problem = Schemas["Problem"];
/** The stable machine-readable codes of problem+json errors. */
export type ErrorCode = Problem["code"];

export type ScreenshotOptions = Omit<JsonBody<"captureScreenshotFromBody">, Managed>;
export type ContentOptions = Omit<JsonBody<"getPageContentFromBody">, Managed>;
export type AnimateOptions = Omit<JsonBody<"recordAnimationFromBody">, Managed>;
export type DiffOptions = JsonBody<"diffPagesFromBody">;
export type OgOptions = Omit<Query<"renderOgImage">, Managed>;
export type OgVariables = NonNullable<OgOptions["variables"]>;

export type ScreenshotMetadata = Schemas["ScreenshotMetadata"];
export type OgMetadata = Schemas["OgMetadata"];
export type OgTemplateList = Schemas["OgTemplateList"];
export type ContentResult = Schemas["ContentResult"];
export type AnimationMetadata = Schemas["AnimationMetadata"];
export type Diff = Schemas["Diff"];
export type Job = Schemas["Job"];
export type JobBatch = Schemas["JobBatch"];
export type Monitor = Schemas["Monitor"];
export type MonitorRun = Schemas["MonitorRun"];
export type Usage = Schemas["Usage"];
export type Connectors = Schemas["Connectors"];
export type SiteMap = Schemas["SiteMap"];
export type Crawl = Schemas["Crawl"];
export type CrawlResults = Schemas["CrawlResults"];
export type BrowserSession = Schemas["BrowserSession"];
export type CreatedBrowserSession = Schemas["CreatedBrowserSession"];
export type MapOptions = Omit<Query<"mapSite">, Managed>;
export type StartCrawl = Omit<JsonBody<"startCrawl">, Managed>;

export type CreateJob = JsonBody<"createJob">;
export type CreateJobBatch = JsonBody<"createJobBatch">;
export type CreateMonitor = JsonBody<"createMonitor">;
export type UpdateMonitor = RequestBody<"updateMonitor">;

/** The query of a signed URL, per endpoint that accepts one (D15). */
export interface SignableQueries {
  "/v1/screenshot": Omit<Query<"captureScreenshot">, Managed> & { response?: "json" };
  "/v1/og": OgOptions & { response?: "json" };
  "/v1/content": Omit<Query<"getPageContent">, Managed> & { response?: "json" | "markdown" };
  "/v1/animate": Omit<Query<"recordAnimation">, Managed> & { response?: "json" };
}

/** A webhook delivery's body, by event type. */
export type WebhookEvent = {
  [E in keyof webhooks]: webhooks[E]["post"] extends { requestBody: { content: { "application/json": infer B } } }
    ? B
    : never;
}[keyof webhooks];
