/**
 * Issue 51.5 (D27): where notices (monitor and quota alerts) go — SMTP when EMAIL_SERVER is set,
 * the local inbox on a localhost APP_URL without it, nowhere on a public one (then the monitor form
 * warns and leaves "E-mail alerts" unticked).
 */
import { afterEach, expect, it } from "vitest";
import { noticeDelivery } from "@/lib/auth/mailer";
import { reloadEnv } from "@/lib/env";

const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
  reloadEnv();
});

function configured(vars: Record<string, string | undefined>) {
  process.env = { ...saved, ...vars };
  for (const [name, value] of Object.entries(vars)) if (value === undefined) delete process.env[name];
  reloadEnv();
  return noticeDelivery();
}

it("is SMTP with a mail server, the local inbox on localhost without one, and off on a public URL without one", () => {
  expect(configured({ EMAIL_SERVER: "smtp://127.0.0.1:2525", APP_URL: "https://glance.example.com" })).toBe("smtp");
  expect(configured({ EMAIL_SERVER: "smtp://127.0.0.1:2525", APP_URL: "http://localhost:3000" })).toBe("smtp");
  expect(configured({ EMAIL_SERVER: undefined, APP_URL: "http://localhost:3000" })).toBe("local-inbox");
  expect(configured({ EMAIL_SERVER: undefined, APP_URL: "https://glance.example.com" })).toBe("off");
});
