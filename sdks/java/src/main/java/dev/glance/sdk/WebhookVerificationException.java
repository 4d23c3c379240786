package dev.glance.sdk;

/** A webhook whose headers, timestamp or signature do not verify. */
public final class WebhookVerificationException extends Exception {
  private static final long serialVersionUID = 1L;

  WebhookVerificationException(String reason) {
    super(reason);
  }
}
