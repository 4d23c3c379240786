# frozen_string_literal: true

require "json"
require "openssl"

module Glance
  # Deliveries signed longer ago (or further ahead) than this are refused: a replay.
  DEFAULT_WEBHOOK_TOLERANCE = 5 * 60

  # Verifies a delivery (Standard Webhooks, as the server signs them) and answers its parsed event;
  # raises WebhookVerificationError otherwise. The signed content is
  # webhook-id.webhook-timestamp.body; webhook-signature holds one or more space-separated
  # v1,<base64 HMAC-SHA256>, keyed with the base64-decoded part of the whsec_ secret. body must be
  # the raw request body exactly as received (request.raw_post, request.body.read).
  def self.verify_webhook(secret, headers, body, tolerance: DEFAULT_WEBHOOK_TOLERANCE, now: Time.now)
    lower = headers.to_h { |name, value| [name.to_s.downcase.tr("_", "-").delete_prefix("http-"), Array(value).first.to_s] }
    id, timestamp, signatures = lower.values_at("webhook-id", "webhook-timestamp", "webhook-signature")
    raise WebhookVerificationError, "missing webhook headers" if [id, timestamp, signatures].any? { |v| v.nil? || v.empty? }
    raise WebhookVerificationError, "invalid webhook timestamp" unless timestamp.match?(/\A\d+\z/)
    raise WebhookVerificationError, "webhook timestamp out of tolerance" if (now.to_i - timestamp.to_i).abs > tolerance

    encoded = secret.delete_prefix("whsec_")
    key = begin
      encoded.unpack1("m0")
    rescue ArgumentError
      raise WebhookVerificationError, "the secret is not a whsec_ base64 secret"
    end
    expected = OpenSSL::HMAC.digest("SHA256", key, "#{id}.#{timestamp}.".b + body.to_s.b)
    valid = signatures.split(" ").any? do |entry|
      version, signature = entry.split(",", 2)
      given = begin
        signature.to_s.unpack1("m0")
      rescue ArgumentError
        nil
      end
      version == "v1" && given && given.bytesize == expected.bytesize && OpenSSL.fixed_length_secure_compare(given, expected)
    end
    raise WebhookVerificationError, "invalid webhook signature" unless valid

    JSON.parse(body.to_s.dup.force_encoding(Encoding::UTF_8))
  end
end
