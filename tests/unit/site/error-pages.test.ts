/**
 * The site's error boundaries (issue #20 point 5): rendered as React renders them on the server,
 * both say what happened in plain words and offer "Try again" and a way home; the site's one keeps
 * the header and footer and shows the digest support can look up, never the error's message.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import GlobalError from "@/app/global-error";
import SiteError from "@/app/error";

describe("error pages", () => {
  it("the site's error page: header, plain words, Try again, home and docs, the digest but not the message", () => {
    const error = Object.assign(new Error("secret internal detail"), { digest: "1234567890" });
    const html = renderToStaticMarkup(createElement(SiteError, { error, retry: () => {} }));
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Try again");
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Back to the home page<\/a>/);
    expect(html).toMatch(/href="\/docs"/);
    expect(html).toContain("1234567890");
    expect(html).not.toContain("secret internal detail");
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
  });

  it("the root error page is a whole document with its own title and a plain link home", () => {
    const html = renderToStaticMarkup(createElement(GlobalError, { error: new Error("boom"), retry: () => {} }));
    expect(html).toMatch(/^<html lang="en">/);
    expect(html).toContain("<title>Something went wrong · Glance</title>");
    expect(html).toContain("Try again");
    expect(html).toMatch(/<a[^>]+href="\/"/);
    expect(html).not.toContain("boom");
  });
});
