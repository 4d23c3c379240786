import type { Metadata } from "next";
import Link from "next/link";
import { BrandAssetForm, DeleteBrandAsset } from "@/components/dashboard/brand-kit/forms";
import { PageHeader } from "@/components/dashboard/shell";
import { cardClass, linkClass } from "@/components/dashboard/styles";
import { cn } from "@/components/ui";
import { RoleLimit } from "@/components/dashboard/role-limit";
import { can } from "@/lib/auth/roles";
import { requireWorkspace } from "@/lib/auth/workspace";
import { brandImageThumbnails, listBrandAssets, type BrandAssetSummary } from "@/lib/studio/brand-kit";

export const metadata: Metadata = { title: "Brand kit" };

const SECTIONS = [
  { kind: "font", title: "Fonts", usage: (name: string) => `font-family: brand:${name}` },
  {
    kind: "image",
    title: "Logos and images",
    usage: (name: string) => `<img src="brand:${name}" width="…" height="…" />`,
  },
  { kind: "color", title: "Colours", usage: (name: string) => `color: brand:${name}` },
] as const;

/** Brand kit (D21): the account's fonts, images and colours, used by name in its OG templates. */
export default async function BrandKitPage() {
  const workspace = await requireWorkspace("/dashboard/brand");
  const [assets, thumbnails] = await Promise.all([listBrandAssets(workspace.id), brandImageThumbnails(workspace.id)]);
  const mayChange = can(workspace.role, "templates.write");
  return (
    <>
      <PageHeader
        title="Brand kit"
        description={
          <>
            Fonts, logos and colours your{" "}
            <Link href="/dashboard/templates" className={linkClass}>
              OG templates
            </Link>{" "}
            use by name, e.g. <code>font-family: brand:heading</code>. They are stored with your account and only your
            templates can use them.
          </>
        }
      />
      {!mayChange && <RoleLimit role={workspace.role} permission="templates.write" className="mb-6" />}
      <div className="space-y-6">
        {SECTIONS.map((section) => {
          const mine = assets.filter((a) => a.kind === section.kind);
          return (
            <section
              key={section.kind}
              className={cn(cardClass, "p-5")}
              aria-labelledby={`brand-${section.kind}-title`}
            >
              <h2 id={`brand-${section.kind}-title`} className="mb-3 text-lg font-semibold text-slate-900">
                {section.title}
              </h2>
              {mine.length > 0 ? (
                <ul className="mb-4 divide-y divide-slate-100" data-testid={`brand-${section.kind}-list`}>
                  {mine.map((asset) => (
                    <AssetRow
                      key={asset.name}
                      asset={asset}
                      usage={section.usage(asset.name)}
                      thumbnail={thumbnails[asset.name]}
                      mayChange={mayChange}
                    />
                  ))}
                </ul>
              ) : (
                <p className="mb-4 text-sm text-slate-600">None yet.</p>
              )}
              {mayChange && <BrandAssetForm kind={section.kind} />}
            </section>
          );
        })}
      </div>
    </>
  );
}

function AssetRow({
  asset,
  usage,
  thumbnail,
  mayChange,
}: {
  asset: BrandAssetSummary;
  usage: string;
  thumbnail?: string;
  mayChange: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      {asset.kind === "color" && (
        <span
          aria-hidden
          className="size-6 rounded border border-slate-300"
          style={{ backgroundColor: asset.color ?? undefined }}
        />
      )}
      {thumbnail && (
        // eslint-disable-next-line @next/next/no-img-element -- a data: URI preview made on the server
        <img
          src={thumbnail}
          alt={`Brand image ${asset.name}`}
          className="max-h-12 max-w-24 rounded border border-slate-200"
        />
      )}
      <span className="font-mono text-sm font-medium text-slate-900">{asset.name}</span>
      <code className="text-xs text-slate-600">{usage}</code>
      <span className="text-xs text-slate-500">
        {asset.kind === "color" ? asset.color : `${Math.max(1, Math.round(asset.size / 1024))} KB`}
      </span>
      {mayChange && (
        <span className="ml-auto">
          <DeleteBrandAsset kind={asset.kind} name={asset.name} />
        </span>
      )}
    </li>
  );
}
