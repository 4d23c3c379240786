# frozen_string_literal: true

# A screenshot with the SDK: GLANCE_API_KEY=sk_live_… GLANCE_BASE_URL=https://glance.example.com
# ruby -Ilib examples/quickstart.rb https://example.com — writes screenshot.png here.
require "glance"

glance = Glance::Client.new(api_key: ENV.fetch("GLANCE_API_KEY"),
                            base_url: ENV.fetch("GLANCE_BASE_URL", "https://glance.example"))
page = ARGV.fetch(0, "https://example.com")

shot = glance.screenshot(url: page, width: 1280, height: 800, format: "png")
File.binwrite("screenshot.png", shot.data)
puts "screenshot.png: #{shot.data.bytesize} bytes (cache #{shot.cache})"

begin
  glance.screenshot(url: page, width: 99_999)
rescue Glance::Error => e
  puts "refused: #{e.status} #{e.code}"
end
