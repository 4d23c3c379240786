"use client";
/**
 * The playground's signed mode (D15): what is missing before the form can be signed, and the URL
 * signed in this page (Web Crypto: the secret never leaves it) for the form as it is now — a URL
 * signed for other input is not shown. `sign()` signs the current form and keeps the result.
 */
import { useEffect, useState } from "react";
import { PUBLIC_ID_PATTERN } from "@/lib/signing/names";
import { signUrlWithWebCrypto, webCryptoAvailable } from "@/lib/signing/web-crypto";
import { expiresFor, type SigningInput } from "./signed-fields";

export function useSignedUrl(options: {
  active: boolean;
  origin: string;
  endpoint: string;
  query: string;
  signing: SigningInput;
}): { problem: string | null; url: string | null; sign(): Promise<string> } {
  const { active, origin, endpoint, query, signing } = options;
  const [signed, setSigned] = useState<{ input: string; url: string } | null>(null);

  const problem = !active
    ? null
    : !PUBLIC_ID_PATTERN.test(signing.keyId)
      ? "Enter the key's public id (pk_live_ followed by 24 letters and digits) from its page in the dashboard."
      : !signing.signingSecret
        ? "Enter the key's signing secret (shown once when the key was created or its secret rolled)."
        : !webCryptoAvailable()
          ? "This browser offers Web Crypto only on https pages (or localhost): open the docs over https to sign here."
          : null;

  const input = active && !problem ? JSON.stringify([origin, endpoint, query, signing]) : null;
  const signCurrent = () =>
    signUrlWithWebCrypto(origin, `/v1/${endpoint}`, new URLSearchParams(query), {
      keyId: signing.keyId,
      signingSecret: signing.signingSecret,
      expires: expiresFor(signing.expiry),
    });

  useEffect(() => {
    if (!input) return;
    let current = true;
    signUrlWithWebCrypto(origin, `/v1/${endpoint}`, new URLSearchParams(query), {
      keyId: signing.keyId,
      signingSecret: signing.signingSecret,
      expires: expiresFor(signing.expiry),
    }).then(
      (url) => void (current && setSigned({ input, url })),
      () => undefined,
    );
    return () => void (current = false);
  }, [input, origin, endpoint, query, signing]);

  return {
    problem,
    url: signed && signed.input === input ? signed.url : null,
    async sign() {
      const url = await signCurrent();
      if (input) setSigned({ input, url });
      return url;
    },
  };
}
