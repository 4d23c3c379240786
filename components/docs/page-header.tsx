import type { ReactNode } from "react";

/** Title block at the top of every docs page. */
export function DocsPageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="mb-10">
      {eyebrow && <p className="text-sm font-medium text-brand-700">{eyebrow}</p>}
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {children && <div className="mt-4 max-w-2xl text-lg leading-8 text-slate-600">{children}</div>}
    </header>
  );
}

/** A heading with a visible "#" link, so sections can be linked to. */
export function Anchor({ id, children, as: Tag = "h2" }: { id: string; children: ReactNode; as?: "h2" | "h3" }) {
  return (
    <Tag id={id} className="group">
      {children}
      <a
        href={`#${id}`}
        className="ml-2 text-slate-300 no-underline opacity-0 transition-opacity group-hover:opacity-100 focus:opacity-100"
        aria-label="Permalink to this section"
      >
        #
      </a>
    </Tag>
  );
}
