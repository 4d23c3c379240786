import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { connection } from "next/server";
import "./globals.css";

// Fonts ship with the project (npm @fontsource): builds never reach the internet.
const inter = localFont({
  src: [
    { path: "../node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2", weight: "400" },
    { path: "../node_modules/@fontsource/inter/files/inter-latin-600-normal.woff2", weight: "600" },
    { path: "../node_modules/@fontsource/inter/files/inter-latin-700-normal.woff2", weight: "700" },
  ],
  variable: "--font-inter",
  display: "swap",
});

// The Glance mark (components/site/logo.tsx) as an inline SVG favicon: no extra asset to serve.
const ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/>' +
      '<path d="M5 16c3-5.5 6.8-8 11-8s8 2.5 11 8c-3 5.5-6.8 8-11 8s-8-2.5-11-8Z" fill="#fff"/>' +
      '<circle cx="16" cy="16" r="4.5" fill="#4f46e5"/></svg>',
  );

export const metadata: Metadata = {
  title: { default: "Glance — screenshot, PDF and Open Graph image API", template: "%s · Glance" },
  description:
    "Render any public web page to PNG, JPEG, WebP or PDF, and generate Open Graph images from templates, with one GET request.",
  icons: { icon: ICON },
};

export const viewport: Viewport = {
  themeColor: "#ffffff",
  width: "device-width",
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: its scripts carry this request's CSP nonce (proxy.ts,
  // lib/edge/security-headers.ts), which a page built ahead could not.
  await connection();
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
