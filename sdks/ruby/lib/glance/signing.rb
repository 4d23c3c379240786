# frozen_string_literal: true

require "openssl"

module Glance
  # Signed URLs (the server's D15): usable in an <img src> or og:image without the API key. The
  # canonical form is the server's (lib/signing/canonical-query.ts):
  # 1. the query's name/value pairs, without signature (key_id and expires are signed);
  # 2. sorted by name, then value, comparing UTF-8 bytes;
  # 3. each name and value percent-encoded outside RFC 3986's unreserved set, upper-case hex;
  # 4. the string to sign is <path>?<name=value&...>;
  # 5. signature = lower-case hex HMAC-SHA256 under the key's signing secret.
  SIGNABLE_PATHS = ["/v1/screenshot", "/v1/og", "/v1/content", "/v1/animate"].freeze

  def self.encode_rfc3986(text)
    text.to_s.b.gsub(/[^A-Za-z0-9\-._~]/n) { |c| format("%%%02X", c.ord) }
  end

  def self.canonical_query(pairs)
    kept = pairs.reject { |name, _| name == "signature" }
    # Strings compare byte by byte: UTF-8 order.
    kept.sort_by { |name, value| [name.b, value.b] }
        .map { |name, value| "#{encode_rfc3986(name)}=#{encode_rfc3986(value)}" }.join("&")
  end

  # A signed URL: <base_url><path>?<canonical query>&signature=<hex>. params are the endpoint's
  # parameters as the API spells them or in snake_case (full_page); for /v1/og the template's
  # variables go in variables: (a Hash) or beside template. expires: a Time or unix seconds.
  def self.sign_url(base_url, path, params, key_id:, signing_secret:, expires: nil)
    raise ArgumentError, "signed URLs are for #{SIGNABLE_PATHS.join(', ')}, not #{path}" unless SIGNABLE_PATHS.include?(path)

    names = OPERATIONS.values.select { |op| op[:path] == path && op[:method] == "GET" }.flat_map { |op| op[:params].keys }
    named = params.to_h { |name, value| [Query.api_name(name, names), value] }
    pairs = Query.pairs(named).reject { |name, _| %w[key_id expires signature].include?(name) }
    pairs << ["key_id", key_id]
    pairs << ["expires", expires.to_i.to_s] unless expires.nil?
    canonical = canonical_query(pairs)
    signature = OpenSSL::HMAC.hexdigest("SHA256", signing_secret, "#{path}?#{canonical}")
    "#{base_url.to_s.chomp('/')}#{path}?#{canonical}&signature=#{signature}"
  end
end
