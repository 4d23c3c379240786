# frozen_string_literal: true

require "json"
require "net/http"
require "time"
require "timeout"
require "uri"

module Glance
  # A rendered file: the bytes and what the answer's headers said about them (cache: X-Cache).
  RenderedFile = Struct.new(:data, :content_type, :cache, :request_id, :headers, keyword_init: true)

  # A successful answer of Client#call.
  Response = Struct.new(:status, :headers, :body, keyword_init: true) do
    def json
      body.nil? || body.empty? ? nil : JSON.parse(body)
    end

    def file
      RenderedFile.new(data: body, content_type: headers["content-type"] || "application/octet-stream",
                       cache: headers["x-cache"], request_id: headers["x-request-id"], headers: headers)
    end
  end

  # The API client: any operation of the OpenAPI document by its operationId (#call), a method per
  # operation, the key in X-API-Key, problem+json answers raised as Glance::Error, and 429/503
  # answers retried after their Retry-After. Net::HTTP only.
  class Client
    attr_reader :base_url, :jobs, :monitors, :sessions

    def initialize(api_key:, base_url: "https://glance.example", max_retries: 2, max_retry_delay: 60, timeout: 180)
      raise ArgumentError, "api_key is required" if api_key.nil? || api_key.empty?

      @api_key = api_key
      @base_url = base_url.chomp("/")
      @max_retries = max_retries
      @max_retry_delay = max_retry_delay
      @timeout = timeout
      @jobs = Jobs.new(self)
      @monitors = Monitors.new(self)
      @sessions = Sessions.new(self)
    end

    # Sends operation_id (as the OpenAPI document names it) with params (the API's names or their
    # snake_case forms; path parameters such as id among them). Unknown names and wrong types are
    # refused with ArgumentError before anything is sent.
    def call(operation_id, params = {})
      op = OPERATIONS.fetch(operation_id.to_s) { raise ArgumentError, "unknown operation #{operation_id}" }
      path = op[:path].dup
      options = {}
      params.each do |given, value|
        next if value.nil?

        name = Query.api_name(given, op[:path_params] + op[:params].keys)
        if op[:path_params].include?(name)
          path.sub!("{#{name}}", URI.encode_www_form_component(value.to_s).gsub("+", "%20"))
          next
        end
        type = op[:params][name] or raise ArgumentError, "#{operation_id}: unknown option #{given.inspect}"
        raise ArgumentError, "#{operation_id}: option #{given.inspect} must be #{type}, not #{value.class}" unless Query.type?(value, type)

        options[name] = value
      end
      raise ArgumentError, "#{operation_id}: missing #{op[:path_params].join(', ')}" if path.include?("{")

      uri = URI("#{@base_url}#{path}")
      body = nil
      if op[:body]
        body = JSON.generate(options)
      elsif !options.empty?
        uri.query = Query.pairs(options).map { |n, v| "#{Glance.encode_rfc3986(n)}=#{Glance.encode_rfc3986(v)}" }.join("&")
      end
      send_request(op[:method], uri, body)
    end

    def screenshot(**options) = call("captureScreenshotFromBody", options).file
    def screenshot_metadata(**options) = call("captureScreenshotFromBody", options.merge(response: "json")).json

    # An Open Graph image of template with its variables (Pro plan or higher).
    def og(template, variables = {}, **options)
      call("renderOgImage", options.merge(template: template, variables: variables)).file
    end

    def og_metadata(template, variables = {}, **options)
      call("renderOgImage", options.merge(template: template, variables: variables, response: "json")).json
    end

    def og_templates = call("listOgTemplates").json
    def content(**options) = call("getPageContentFromBody", options.merge(response: "json")).json
    def animate(**options) = call("recordAnimationFromBody", options).file
    def animate_metadata(**options) = call("recordAnimationFromBody", options.merge(response: "json")).json
    def diff(**options) = call("diffPagesFromBody", options).json
    def usage = call("getUsage").json

    # A stored result by its URL (a job's resultUrl, metadata's imageUrl).
    def download(url)
      path = URI(url).path
      raise ArgumentError, "not a result file URL: #{url}" unless path.start_with?("/v1/files/")

      call("getFile", "file" => URI.decode_www_form_component(path.delete_prefix("/v1/files/"))).file
    end

    private

    METHODS = { "GET" => Net::HTTP::Get, "HEAD" => Net::HTTP::Head, "POST" => Net::HTTP::Post,
                "PATCH" => Net::HTTP::Patch, "DELETE" => Net::HTTP::Delete }.freeze
    private_constant :METHODS

    def send_request(method, uri, body)
      attempt = 0
      loop do
        request = METHODS.fetch(method).new(uri)
        request["X-API-Key"] = @api_key
        request["User-Agent"] = "glance-sdk-ruby/#{VERSION}"
        # A POST without parameters still carries a (empty) body: Net::HTTP would send one anyway, untyped.
        if body || request.request_body_permitted?
          request["Content-Type"] = "application/json"
          request.body = body || ""
        end
        answer = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https",
                                                     open_timeout: 30, read_timeout: @timeout) { |http| http.request(request) }
        headers = answer.each_header.to_h
        status = answer.code.to_i
        return Response.new(status: status, headers: headers, body: answer.body || "") if status < 300

        error = error_of(status, headers, answer.body.to_s)
        # 429 and 503 say "not now" and were not acted on: worth another try after the wait they name.
        wait = error.retry_after || (2**attempt)
        raise error if ![429, 503].include?(status) || attempt >= @max_retries || wait > @max_retry_delay

        sleep(wait)
        attempt += 1
      end
    end

    def error_of(status, headers, text)
      value = headers["retry-after"].to_s.strip
      retry_after = if value.match?(/\A\d+\z/) then value.to_i
                    elsif !value.empty? then [(Time.httpdate(value) - Time.now).ceil, 0].max rescue nil
                    end
      request_id = headers["x-request-id"]
      if headers["content-type"].to_s.include?("json")
        problem = JSON.parse(text) rescue nil
        return Error.new(status, problem, request_id: request_id, retry_after: retry_after) if problem.is_a?(Hash) && problem["code"].is_a?(String)
      end
      Error.new(status, nil, request_id: request_id, retry_after: retry_after, fallback_detail: text.empty? ? nil : text[0, 500])
    end
  end

  # Renders that may outlive an HTTP request (async jobs and batches).
  class Jobs
    def initialize(client) = @client = client

    # Starts a render of endpoint (screenshot, og, content, animate); answered at once with the queued job.
    def create(endpoint, params, **options)
      @client.call("createJob", options.merge(endpoint: endpoint, params: params)).json
    end

    def get(id) = @client.call("getJob", "id" => id).json

    # Polls until the job has succeeded or failed and answers it (a failed job carries error).
    def wait(id, interval: 1.0, timeout: 600.0)
      deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + timeout
      loop do
        job = get(id)
        return job if %w[succeeded failed].include?(job["status"])
        raise Timeout::Error, "job #{id} still #{job['status']} after #{timeout} s" if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline

        sleep(interval)
      end
    end

    def create_batch(jobs, **options) = @client.call("createJobBatch", options.merge(jobs: jobs)).json
    def get_batch(id) = @client.call("getJobBatch", "id" => id).json
  end

  # Pages captured on a schedule and compared with their last capture.
  class Monitors
    def initialize(client) = @client = client
    def create(**options) = @client.call("createMonitor", options).json
    def list = @client.call("listMonitors").json.fetch("monitors", [])
    def get(id) = @client.call("getMonitor", "id" => id).json
    def update(id, **changes) = @client.call("updateMonitor", changes.merge("id" => id)).json
    def delete(id) = @client.call("deleteMonitor", "id" => id) && nil
    # Runs a monitor now; answered with the queued run.
    def run(id) = @client.call("runMonitor", "id" => id).json
    def runs(id) = @client.call("listMonitorRuns", "id" => id).json.fetch("runs", [])
  end
end
