// A screenshot with the SDK: GLANCE_API_KEY=sk_live_… GLANCE_BASE_URL=https://glance.example.com
// go run ./examples/quickstart https://example.com — writes screenshot.png here.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	glance "github.com/glance-sdk/glance-go"
)

func main() {
	base := os.Getenv("GLANCE_BASE_URL")
	if base == "" {
		base = "https://glance.example"
	}
	client, err := glance.New(os.Getenv("GLANCE_API_KEY"), glance.WithBaseURL(base))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	page := "https://example.com"
	if len(os.Args) > 1 {
		page = os.Args[1]
	}
	ctx := context.Background()
	shot, err := client.Screenshot(ctx, glance.Params{"url": page, "width": 1280, "height": 800, "format": "png"})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("screenshot.png", shot.Data, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("screenshot.png: %d bytes (cache %s)\n", len(shot.Data), shot.Cache)

	_, err = client.Screenshot(ctx, glance.Params{"url": page, "width": 99999})
	var refused *glance.Error
	if errors.As(err, &refused) {
		fmt.Printf("refused: %d %s\n", refused.Status, refused.Code)
	}
}
