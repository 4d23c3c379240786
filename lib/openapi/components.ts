/**
 * Reusable parts of the OpenAPI document: the D7 JSON metadata shapes, the D1 problem+json body,
 * the response headers (D4, D6, D14) and one error response per HTTP status, built from
 * ERROR_CODES so every code is documented where it can occur.
 */
import { ApiError, ERROR_CODES, problemBody, type ErrorCode } from "@/lib/api/errors";
import { OG_FORMATS } from "@/lib/og/params";
import { SCREENSHOT_FORMATS } from "@/lib/screenshot/params";
import type { JsonSchema } from "./params";

const unixMs = (description: string): JsonSchema => ({ type: "integer", description });

const renderFields: Record<string, JsonSchema> = {
  imageUrl: {
    type: "string",
    format: "uri",
    description: "Where the stored file is served (GET /v1/files/{file}); no API key needed, valid until expiresAt.",
  },
  size: { type: "integer", description: "File size in bytes." },
  cachedAt: {
    type: ["integer", "null"],
    description:
      "Unix time in milliseconds at which the result was cached; null when freshly rendered (X-Cache: MISS).",
  },
  expiresAt: unixMs("Unix time in milliseconds after which the stored result (and imageUrl) is gone."),
  renderTime: { type: "integer", description: "Milliseconds the render took (the original render's time on a HIT)." },
};

export function schemas(): Record<string, JsonSchema> {
  return {
    Problem: {
      type: "object",
      description: "RFC 9457 problem details. `type` links to the error's section of the docs.",
      required: ["type", "title", "status", "detail", "code"],
      properties: {
        type: { type: "string", format: "uri", examples: ["https://glance.example/docs/errors#invalid_parameter"] },
        title: { type: "string", description: "The HTTP reason phrase.", examples: ["Bad Request"] },
        status: { type: "integer", examples: [400] },
        detail: {
          type: "string",
          description: "What went wrong, for a human.",
          examples: ["width must be between 1 and 3840."],
        },
        code: { type: "string", enum: Object.keys(ERROR_CODES), description: "Stable machine-readable code." },
        param: { type: "string", description: "The query parameter at fault, when there is one.", examples: ["width"] },
        requestId: { type: "string", description: "Same as the X-Request-Id header." },
        upgradeUrl: {
          type: "string",
          format: "uri",
          description:
            "On plan_upgrade_required and quota_exceeded: the pricing page, where a higher plan lifts the error.",
        },
      },
    },
    ScreenshotMetadata: {
      type: "object",
      required: ["imageUrl", "width", "height", "format", "size", "cachedAt", "expiresAt", "renderTime"],
      properties: {
        url: { type: "string", format: "uri", description: "The captured URL, normalised (absent for html)." },
        htmlSha256: {
          type: "string",
          pattern: "^[0-9a-f]{64}$",
          description: "For a page given as html: the SHA-256 of the html (hex), in place of url.",
        },
        ...renderFields,
        width: { type: "integer", description: "Output width in pixels (PDF: page width in CSS px)." },
        height: { type: "integer", description: "Output height in pixels (PDF: page height in CSS px)." },
        format: { type: "string", enum: [...SCREENSHOT_FORMATS] },
        pages: { type: "integer", description: "Number of pages (PDF only)." },
        dialogs: {
          type: "array",
          description:
            "The JavaScript dialogs the page opened (the first 20), only when it opened any. Each was answered at once: alert and beforeunload accepted, confirm answered false, prompt answered null (as Cancel).",
          items: {
            type: "object",
            required: ["type", "message", "answer"],
            properties: {
              type: { type: "string", enum: ["alert", "confirm", "prompt", "beforeunload"] },
              message: { type: "string", description: "The page's message (first 200 characters)." },
              answer: {
                type: ["boolean", "null"],
                description: "What the page's call returned: true (accepted), false or null (dismissed).",
              },
            },
          },
        },
        dialogCount: {
          type: "integer",
          description: "How many dialogs the page opened in all, only when it opened any.",
        },
        finalUrl: {
          type: "string",
          description: "The URL the page ended on: after HTTP redirects and any script or meta-refresh navigation.",
        },
        targetStatus: {
          type: ["integer", "null"],
          description: "The HTTP status of the target's main document (also X-Target-Status).",
        },
        title: { type: "string", description: "The page's title (first 1,000 characters)." },
        metaTags: {
          type: "object",
          description:
            "The page's own Open Graph (og:*) and Twitter card (twitter:*) meta tags by property or name: the first of each, at most 50, values up to 1,000 characters.",
          additionalProperties: { type: "string" },
        },
        timings: {
          type: "object",
          description:
            "Milliseconds per phase of the render: navigate (loading to waitUntil), wait (selectors, banners, scripts, clicks, scrolling, delay), capture (screenshot or print), encode (reading and resizing the image). Of the original render on a HIT.",
          required: ["navigate", "wait", "capture", "encode"],
          properties: Object.fromEntries(
            ["navigate", "wait", "capture", "encode"].map((name) => [name, { type: "integer", minimum: 0 }]),
          ),
          additionalProperties: false,
        },
        blockedRequests: {
          type: "object",
          description:
            "Requests each enabled blocker stopped, only when one was on: ads (blockAds), cookies (blockCookies), trackers (blockTrackers), chats (blockChats), requests (blockRequests). A request is counted once, by the first blocker that matched (blockRequests, then the lists in that order).",
          properties: Object.fromEntries(
            ["ads", "cookies", "trackers", "chats", "requests"].map((name) => [name, { type: "integer", minimum: 0 }]),
          ),
          additionalProperties: false,
        },
      },
    },
    OgMetadata: {
      type: "object",
      required: ["template", "imageUrl", "width", "height", "format", "size", "cachedAt", "expiresAt", "renderTime"],
      properties: {
        template: { type: "string", description: "The template rendered." },
        ...renderFields,
        width: { type: "integer", description: "Image width in pixels." },
        height: { type: "integer", description: "Image height in pixels." },
        format: { type: "string", enum: [...OG_FORMATS] },
        render: {
          type: "object",
          description:
            "Which engine drew the card (D21): satori, or Chromium for text satori cannot shape (right-to-left and complex scripts) or has no glyph for; and what that took.",
          required: ["engine", "engineMs"],
          properties: {
            engine: { type: "string", enum: ["satori", "chromium"] },
            shaping: {
              type: "array",
              items: { type: "string", enum: ["rtl", "complex", "missing-glyph"] },
              description: "Why Chromium was needed.",
            },
            scripts: {
              type: "array",
              items: { type: "string" },
              description: "The scripts that needed it, e.g. Arabic, Devanagari, Hangul.",
            },
            engineMs: { type: "integer", description: "Milliseconds the engine took, layout to encoded image." },
          },
        },
      },
    },
    OgTemplateList: {
      type: "object",
      required: ["templates"],
      properties: {
        limits: { type: "object", description: "Limits on variables and canvas size (D11)." },
        variableTypes: {
          type: "object",
          description: "How each variable type is written.",
          additionalProperties: { type: "string" },
        },
        templates: {
          type: "array",
          items: {
            type: "object",
            required: ["name", "description", "variables"],
            properties: {
              name: { type: "string" },
              description: { type: "string" },
              exampleQuery: {
                type: "string",
                description: "A ready-to-use query string for GET /v1/og with the example variables.",
              },
              variables: {
                type: "array",
                items: {
                  type: "object",
                  required: ["name", "type", "required", "description"],
                  properties: {
                    name: { type: "string" },
                    type: { type: "string", enum: ["text", "color", "image_url", "list"] },
                    required: { type: "boolean" },
                    description: { type: "string" },
                    example: { type: "string" },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}

const int = (description: string) => ({ description, schema: { type: "integer" } });

export function headers(): Record<string, JsonSchema> {
  return {
    XCache: {
      description: "HIT when served from the cache, MISS when freshly rendered.",
      schema: { type: "string", enum: ["HIT", "MISS"] },
    },
    XRenderTime: int("Render duration in milliseconds (of the original render on a HIT)."),
    XImageSize: int("File size in bytes."),
    ETag: {
      description:
        "Binary answers: a strong validator (the SHA-256 of the bytes). Send it back in If-None-Match: a match is a 304 without a body, and on a cache hit nothing is rendered or counted.",
      schema: { type: "string" },
    },
    CacheControl: {
      description:
        "Binary answers: `private, max-age=<seconds the result stays cached>` with an API key; `public, max-age=<up to the plan's cache TTL, never past expires>` for a signed URL, plus `immutable` when the URL pins the bytes (a built-in OG template without a remote image). JSON answers: `no-store`.",
      schema: { type: "string" },
    },
    XTargetStatus: int(
      "Screenshots: the HTTP status the target's main document answered with (of the original render on a HIT). Also on a 422 target_http_error.",
    ),
    RateLimitLimit: int(
      "Requests allowed per minute: the account's plan (all keys together); on a 401, a refused signed URL and on the endpoints that need no key, the allowance of the client address.",
    ),
    RateLimitRemaining: int("Requests left in the current one-minute window."),
    RateLimitReset: int("Seconds until the window resets."),
    RetryAfter: int("Seconds to wait before retrying (429 only)."),
    XQuotaLimit: int(
      "Renders (cache misses) the account's plan allows per monthly period. Sent on every answer to a request with a valid key, errors included; not to a signed URL, whose answer is public.",
    ),
    XQuotaRemaining: int("Renders left this period, after this request's own render if it made one."),
    XQuotaReset: int("Seconds until the period (the UTC calendar month) ends and the renders reset."),
    XRequestId: { description: "Identifies the request in logs; quote it to support.", schema: { type: "string" } },
  };
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

export const RATE_HEADERS = {
  "RateLimit-Limit": ref("RateLimitLimit"),
  "RateLimit-Remaining": ref("RateLimitRemaining"),
  "RateLimit-Reset": ref("RateLimitReset"),
  "X-Request-Id": ref("XRequestId"),
};

/** On every answer to a request with a valid key (D18); the 401s and keyless endpoints have none. */
export const QUOTA_HEADERS = {
  "X-Quota-Limit": ref("XQuotaLimit"),
  "X-Quota-Remaining": ref("XQuotaRemaining"),
  "X-Quota-Reset": ref("XQuotaReset"),
};

export const RENDER_HEADERS = {
  "X-Cache": ref("XCache"),
  "X-Render-Time": ref("XRenderTime"),
  "X-Image-Size": ref("XImageSize"),
  ETag: ref("ETag"),
  "Cache-Control": ref("CacheControl"),
  ...RATE_HEADERS,
  ...QUOTA_HEADERS,
};

/** A render endpoint's 304 (D15): the validators and cache headers of the 200 it stands for, no body. */
export const NOT_MODIFIED = {
  description: "Not modified: If-None-Match matched the ETag. No body; on a cache hit nothing was rendered or counted.",
  headers: { ETag: ref("ETag"), "Cache-Control": ref("CacheControl"), "X-Cache": ref("XCache"), ...RATE_HEADERS },
};

/** A HEAD's answers (D15): a GET's statuses and headers, never a body. */
export function withoutBodies(responses: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      { description: response.description, headers: response.headers },
    ]),
  );
}

/** A required JSON request body with this schema (POST /v1/screenshot, the jobs, the webhook events). */
export function jsonRequestBody(schema: JsonSchema): JsonSchema {
  return { required: true, content: { "application/json": { schema } } };
}

/**
 * One response per status for the given codes, each code an example body built by the same
 * problemBody() the API answers with (so `type` links are the real ones).
 */
export function errorResponses(codes: readonly ErrorCode[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, JsonSchema> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    // Every answer carries RateLimit-* (D4): the account's, or for a 401 the client address's.
    const responseHeaders: Record<string, unknown> = { ...RATE_HEADERS };
    if (status === 429) responseHeaders["Retry-After"] = ref("RetryAfter");
    out[String(status)] = {
      description: list.map((code) => `\`${code}\`: ${ERROR_CODES[code].summary}`).join(" "),
      headers: responseHeaders,
      content: {
        "application/problem+json": {
          schema: { $ref: "#/components/schemas/Problem" },
          examples: Object.fromEntries(
            list.map((code) => [
              code,
              {
                summary: ERROR_CODES[code].summary,
                value: problemBody(new ApiError(code, ERROR_CODES[code].summary)),
              },
            ]),
          ),
        },
      },
    };
  }
  return out;
}
