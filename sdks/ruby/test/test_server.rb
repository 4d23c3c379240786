# frozen_string_literal: true

# The SDK against the real API: tests/integration/sdks/ruby.test.ts starts the server (real
# Chromium, PostgreSQL, a real signed webhook delivery) and runs this file with GLANCE_TEST_CONFIG
# naming a JSON file of what it set up (minitest, which ships with Ruby). Run alone, it fails:
# there is no server to test against.
require "json"
require "minitest/autorun"
require "net/http"
require "socket"
require "glance"

path = ENV["GLANCE_TEST_CONFIG"] or abort("GLANCE_TEST_CONFIG is not set: run through tests/integration/sdks/ruby.test.ts")
C = JSON.parse(File.read(path))

def png_size(data)
  raise Minitest::Assertion, "not a PNG" unless data.b.start_with?("\x89PNG\r\n\x1a\n".b)

  data.byteslice(16, 8).unpack("NN")
end

class GlanceTest < Minitest::Test
  def glance(key: C["api_key"], base_url: C["base_url"], **options)
    Glance::Client.new(api_key: key, base_url: base_url, **options)
  end

  def test_signed_url_matches_the_typescript_sdk_and_is_served
    signed = C["typescript_signed"]
    ours = Glance.sign_url(C["base_url"], "/v1/og", { template: signed["template"], variables: signed["variables"] },
                           key_id: C["key_id"], signing_secret: C["signing_secret"], expires: signed["expires"])
    assert_equal signed["url"], ours
    served = Net::HTTP.get_response(URI(ours))
    assert_equal ["200", "image/png"], [served.code, served["content-type"]]
    tampered = ours.sub("accent=%23ff0000", "accent=%2300ff00")
    refute_equal ours, tampered
    refused = Net::HTTP.get_response(URI(tampered))
    assert_equal ["403", "invalid_signature"], [refused.code, JSON.parse(refused.body)["code"]]
    assert_raises(ArgumentError) { Glance.sign_url(C["base_url"], "/v1/jobs", {}, key_id: "k", signing_secret: "s") }
  end

  def test_webhook_verification
    hook = C["webhook"]
    event = Glance.verify_webhook(hook["secret"], hook["headers"], hook["body"])
    assert_equal ["job.succeeded", hook["job_id"]], [event["type"], event["data"]["id"]]
    refused = lambda do |headers, body|
      assert_raises(Glance::WebhookVerificationError) { Glance.verify_webhook(hook["secret"], headers, body) }.message
    end
    assert_equal "invalid webhook signature", refused.call(hook["headers"], hook["body"].sub("succeeded", "failed"))
    stale = hook["headers"].merge("webhook-timestamp" => (Time.now.to_i - 3600).to_s)
    assert_equal "webhook timestamp out of tolerance", refused.call(stale, hook["body"])
    assert_equal "missing webhook headers", refused.call(hook["headers"].reject { |k, _| k == "webhook-signature" }, hook["body"])
  end

  def test_errors_are_typed_with_the_problem_fields
    e = assert_raises(Glance::Error) { glance(key: "sk_live_#{'x' * 32}").screenshot(url: "#{C['fixture']}/basic.html") }
    assert_equal [401, "invalid_api_key", "Unauthorized", "Invalid or revoked API key."], [e.status, e.code, e.title, e.detail]
    assert_equal "#{C['base_url']}/docs/errors#invalid_api_key", e.type
    refute_empty e.request_id
    e = assert_raises(Glance::Error) { glance.screenshot(url: "#{C['fixture']}/basic.html", width: 99_999) }
    assert_equal [400, "parameter_out_of_range", "width"], [e.status, e.code, e.problem["param"]]
    e = assert_raises(Glance::Error) { glance(key: C["free_api_key"]).og("default", { title: "x" }) }
    assert_equal [403, "plan_upgrade_required"], [e.status, e.code]
    # Names and types come from the OpenAPI document: refused before anything is sent.
    e = assert_raises(ArgumentError) { glance.screenshot(url: C["fixture"], fullpage: true) }
    assert_includes e.message, "unknown option :fullpage"
    e = assert_raises(ArgumentError) { glance.screenshot(url: C["fixture"], width: "wide") }
    assert_includes e.message, "option :width must be integer"
  end

  def test_rate_limited_answers_are_retried_after_retry_after
    e = assert_raises(Glance::Error) { glance(base_url: C["throttled_base_url"], max_retries: 0).usage }
    assert_equal [429, "rate_limited", 1], [e.status, e.code, e.retry_after]
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    assert glance(base_url: C["throttled_base_url"]).og_templates["templates"]
    assert_operator Process.clock_gettime(Process::CLOCK_MONOTONIC) - started, :>=, 1
  end

  def test_endpoints
    assert_equal [1200, 630], png_size(glance.og("default", { title: "Hello from Ruby" }).data)
    assert_match(/^# /, glance.content(url: "#{C['fixture']}/content-article.html", formats: ["markdown"])["markdown"])
    job = glance.jobs.create("screenshot", { url: "#{C['fixture']}/basic.html?sdk-rb-job", width: 320, height: 240 })
    done = glance.jobs.wait(job["id"], interval: 0.2)
    assert_equal "succeeded", done["status"]
    assert_equal [320, 240], png_size(glance.download(done["resultUrl"]).data)
    batch = glance.jobs.create_batch([{ endpoint: "og", params: { template: "default", title: "Ruby batch" } }])
    assert_equal [1, batch["id"]], [batch["size"], glance.jobs.get_batch(batch["id"])["id"]]
    monitor = glance.monitors.create(url: "#{C['fixture']}/basic.html?sdk-rb-monitor", interval: 3600, paused: true)
    assert_equal "Ruby watch", glance.monitors.update(monitor["id"], name: "Ruby watch")["name"]
    assert_includes glance.monitors.list.map { |m| m["id"] }, monitor["id"]
    glance.monitors.delete(monitor["id"])
    e = assert_raises(Glance::Error) { glance.monitors.get(monitor["id"]) }
    assert_equal [404, "monitor_not_found"], [e.status, e.code]
    assert glance.usage["renders"]
    # Any operation of the document by its operationId.
    head = glance.call("renderOgImageHead", template: "default", variables: { title: "Hello from Ruby" })
    assert_equal [200, "HIT"], [head.status, head.headers["x-cache"]]
  end

  # The connect URL opens a WebSocket (as a CDP client's handshake does); the session is live,
  # listed, then ended through the API.
  def test_sessions
    sessions = glance.sessions
    url = URI(sessions.connect_url)
    assert_equal ["ws", "/v1/browser"], [url.scheme, url.path]
    id = URI.decode_www_form(url.query).to_h.fetch("session")
    socket = TCPSocket.new(url.host, url.port)
    socket.write("GET #{url.request_uri} HTTP/1.1\r\nHost: #{url.host}:#{url.port}\r\nUpgrade: websocket\r\n" \
                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    assert_match(/\AHTTP\/1\.1 101/, socket.gets)
    assert_equal "live", sessions.get(id)["status"]
    assert_includes sessions.list.map { |s| s["id"] }, id
    sessions.delete(id)
    100.times do
      break if sessions.get(id)["status"] == "ended"

      sleep 0.1
    end
    assert_equal %w[ended deleted], sessions.get(id).values_at("status", "endReason")
    socket.close
    e = assert_raises(Glance::Error) { sessions.get("bs_0000000000000000") }
    assert_equal [404, "session_not_found"], [e.status, e.code]
  end
end
