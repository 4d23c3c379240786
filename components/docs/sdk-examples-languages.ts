/**
 * The Go, PHP, Ruby and Java SDKs' examples on /docs/sdks (D37): installing each from the
 * repository and the same client calls as the TypeScript and Python examples beside them. Each
 * SDK's quickstart (sdks/<language>/examples) and test suite run against the server in
 * tests/integration/sdks/<language>.test.ts. Plain strings: client-safe.
 */
export const INSTALL_GO = `# go.mod of your module, with a checkout of the Glance repository beside it
require github.com/glance-sdk/glance-go v0.1.0
replace github.com/glance-sdk/glance-go => ../glance/sdks/go   # Go 1.19+, no dependencies`;

export const INSTALL_PHP = `// composer.json: a path repository ("url": "../glance/sdks/php") and
// "require": { "glance/glance-sdk": "*" }                      PHP 8.1+, json and hash only
// or, without Composer:
require 'path/to/glance/sdks/php/src/autoload.php';`;

export const INSTALL_RUBY = `cd sdks/ruby && gem build glance-sdk.gemspec && gem install ./glance-sdk-0.1.0.gem   # Ruby 3.0+`;

export const INSTALL_JAVA = `# Maven: cd sdks/java && mvn install (dev.glance:glance-sdk:0.1.0), or plain javac (Java 11+):
javac -d out $(find sdks/java/src -name '*.java') && jar cf glance-sdk.jar -C out .`;

export const CLIENT_GO = `client, err := glance.New(os.Getenv("GLANCE_API_KEY"), glance.WithBaseURL("https://YOUR_GLANCE_HOST"))
ctx := context.Background()

shot, err := client.Screenshot(ctx, glance.Params{"url": "https://example.com", "fullPage": true, "format": "webp"})
os.WriteFile("example.webp", shot.Data, 0o644)         // shot.Cache: "HIT" | "MISS"

card, err := client.OG(ctx, "blog-post", map[string]any{"title": "Hello", "author": "Ada"}, nil)
page, err := client.Content(ctx, glance.Params{"url": "https://example.com", "formats": []string{"markdown"}})

job, err := client.Jobs.Create(ctx, "animate", glance.Params{"url": "https://example.com"}, nil)
done, err := client.Jobs.Wait(ctx, job["id"].(string), time.Second)   // or a webhook
video, err := client.Download(ctx, done["resultUrl"].(string))

var problem *glance.Error                              // 400 parameter_out_of_range …
if errors.As(err, &problem) { log.Println(problem.Status, problem.Code, problem.Detail, problem.RequestID) }

src, err := glance.SignURL("https://YOUR_GLANCE_HOST", "/v1/og", map[string]any{"template": "default", "title": "Hello"},
	glance.SignOptions{KeyID: os.Getenv("GLANCE_KEY_ID"), SigningSecret: os.Getenv("GLANCE_SIGNING_SECRET")})
event, err := glance.VerifyWebhook(os.Getenv("GLANCE_WEBHOOK_SECRET"), r.Header, body, 0, time.Time{})`;

export const CLIENT_PHP = `$glance = new Glance\\Client(getenv('GLANCE_API_KEY'), 'https://YOUR_GLANCE_HOST');

$shot = $glance->screenshot(['url' => 'https://example.com', 'fullPage' => true, 'format' => 'webp']);
file_put_contents('example.webp', $shot->data);        // $shot->cache: "HIT" | "MISS"

$card = $glance->og('blog-post', ['title' => 'Hello', 'author' => 'Ada']);
$page = $glance->content(['url' => 'https://example.com', 'formats' => ['markdown']]);

$job = $glance->jobs->create('animate', ['url' => 'https://example.com']);
$done = $glance->jobs->wait($job['id']);               // or a webhook
$video = $glance->download($done['resultUrl']);

try {
    $glance->screenshot(['url' => 'https://example.com', 'width' => 99999]);
} catch (Glance\\GlanceError $e) {
    echo $e->status, ' ', $e->errorCode, ' ', $e->detail, ' ', $e->requestId;   // 400 parameter_out_of_range …
}

$src = Glance\\Signing::signUrl('https://YOUR_GLANCE_HOST', '/v1/og', ['template' => 'default', 'title' => 'Hello'],
    getenv('GLANCE_KEY_ID'), getenv('GLANCE_SIGNING_SECRET'));
$event = Glance\\Webhooks::verify(getenv('GLANCE_WEBHOOK_SECRET'), getallheaders(), file_get_contents('php://input'));`;

export const CLIENT_RUBY = `require "glance"

glance = Glance::Client.new(api_key: ENV["GLANCE_API_KEY"], base_url: "https://YOUR_GLANCE_HOST")

shot = glance.screenshot(url: "https://example.com", full_page: true, format: "webp")
File.binwrite("example.webp", shot.data)               # shot.cache: "HIT" | "MISS"

card = glance.og("blog-post", { title: "Hello", author: "Ada" })
page = glance.content(url: "https://example.com", formats: ["markdown"])

job = glance.jobs.create("animate", { url: "https://example.com" })
done = glance.jobs.wait(job["id"])                     # or a webhook
video = glance.download(done["resultUrl"])

begin
  glance.screenshot(url: "https://example.com", width: 99_999)
rescue Glance::Error => e
  puts e.status, e.code, e.detail, e.request_id         # 400 parameter_out_of_range …
end

src = Glance.sign_url("https://YOUR_GLANCE_HOST", "/v1/og", { template: "default", title: "Hello" },
                      key_id: ENV["GLANCE_KEY_ID"], signing_secret: ENV["GLANCE_SIGNING_SECRET"])
event = Glance.verify_webhook(ENV["GLANCE_WEBHOOK_SECRET"], request.headers, request.raw_post)`;

export const CLIENT_JAVA = `Glance glance = new Glance(System.getenv("GLANCE_API_KEY"), "https://YOUR_GLANCE_HOST");

RenderedFile shot = glance.screenshot(Glance.params("url", "https://example.com", "fullPage", true, "format", "webp"));
Files.write(Path.of("example.webp"), shot.data);       // shot.cache: "HIT" | "MISS"

RenderedFile card = glance.og("blog-post", Map.of("title", "Hello", "author", "Ada"), Map.of());
Map<String, Object> page = glance.content(Glance.params("url", "https://example.com", "formats", List.of("markdown")));

Map<String, Object> job = glance.jobs.create("animate", Map.of("url", "https://example.com"), Map.of());
Map<String, Object> done = glance.jobs.waitFor((String) job.get("id"), Duration.ofSeconds(1), Duration.ofMinutes(10));
RenderedFile video = glance.download((String) done.get("resultUrl"));

try {
  glance.screenshot(Glance.params("url", "https://example.com", "width", 99999));
} catch (GlanceException e) {
  System.err.println(e.status + " " + e.code + " " + e.detail + " " + e.requestId);   // 400 parameter_out_of_range …
}

String src = Signing.signUrl("https://YOUR_GLANCE_HOST", "/v1/og", Map.of("template", "default", "title", "Hello"),
    System.getenv("GLANCE_KEY_ID"), System.getenv("GLANCE_SIGNING_SECRET"), null);
Map<String, Object> event = Webhooks.verify(System.getenv("GLANCE_WEBHOOK_SECRET"), headers, rawBody);`;
