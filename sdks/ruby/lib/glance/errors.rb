# frozen_string_literal: true

module Glance
  # An error answer of the API: its problem+json body (RFC 9457) with the stable code. When
  # something other than the API answered (a proxy's HTML page), code is "http_error".
  class Error < StandardError
    # status: the HTTP status; code, title, detail, type (the docs' link /docs/errors#<code>):
    # the problem's fields; request_id: X-Request-Id (quote it when asking for help);
    # retry_after: Retry-After in seconds, when the answer had one; problem: the whole body.
    attr_reader :status, :code, :title, :detail, :type, :request_id, :retry_after, :problem

    def initialize(status, problem = nil, request_id: nil, retry_after: nil, fallback_detail: nil)
      @status = status
      @problem = problem
      fields = problem || {}
      @code = fields["code"].is_a?(String) ? fields["code"] : "http_error"
      @title = fields["title"] || "HTTP #{status}"
      @detail = fields["detail"] || fallback_detail || "HTTP #{status}"
      @type = fields["type"]
      @request_id = request_id
      @retry_after = retry_after
      super("#{status} #{@code}: #{@detail}")
    end
  end

  # A webhook whose headers, timestamp or signature do not verify.
  class WebhookVerificationError < StandardError; end
end
