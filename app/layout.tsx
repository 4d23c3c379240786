import type { Metadata } from "next";
import localFont from "next/font/local";
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

export const metadata: Metadata = {
  title: { default: "Glance — screenshot, PDF and Open Graph image API", template: "%s · Glance" },
  description: "Render any public web page to PNG, JPEG, WebP or PDF, and generate Open Graph images from templates, with one GET request.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
