/**
 * The OG studio rows of `npm run bench:og` (D21): the same card three ways, in the same run as
 * the built-in baseline — the built-in `default` template (satori), the `default` starter as an
 * account template (compiled once, as when saved; satori), and the built-in with a right-to-left
 * title (the browser engine). CPU per image is this process's: for the browser engine, Chromium's
 * own CPU (another process) is not in it, so its wall-clock median is the figure to compare.
 */
interface Stats {
  median: number;
  p90: number;
  cpu: number;
  throughput: number;
}

type Compare = <K extends string>(
  variants: Record<K, (i: number) => Promise<unknown>>,
  rounds: number,
) => Promise<Record<K, Stats>>;

export async function studioBench(compare: Compare, size: { width: number; height: number }) {
  const { validateVariables } = await import("@/lib/og/variables");
  const { renderOg } = await import("@/lib/og/render");
  const { compileTemplate } = await import("@/lib/og/account/compile");
  const { catalogVariables, defaultsOf } = await import("@/lib/og/account/templates");
  const { STARTERS } = await import("@/lib/studio/starters");
  const { Deadline, warmUp, shutdownBrowsers } = await import("@/lib/browser");
  await warmUp(new Deadline(60_000), { waitForSpares: true });

  const compiled = compileTemplate(STARTERS.default);
  const info = { name: "bench", description: "", variables: catalogVariables(compiled.variables) };
  const png = { ...size, format: "png" as const, quality: 80 };
  const builtIn = async (i: number) => {
    const { variables } = validateVariables("default", {
      title: `Ship pixel-perfect previews for every page, take ${i}`,
    });
    return renderOg({ template: "default", variables, ...png });
  };
  const account = async (i: number) => {
    const { variables } = validateVariables(info, {
      ...defaultsOf(compiled.variables),
      title: `Ship pixel-perfect previews for every page, take ${i}`,
    });
    return renderOg({ template: { name: "bench", compiled }, variables, ...png });
  };
  const rtl = async (i: number) => {
    const { variables } = validateVariables("default", { title: `مرحبا بالعالم، هذه بطاقة رقم ${i}` });
    // A generous budget: with 4 in flight on a shared machine, pages are waited for, not refused.
    const image = await renderOg({ template: "default", variables, ...png }, undefined, {
      deadlineAt: Date.now() + 120_000,
    });
    if (image.engine.engine !== "chromium") throw new Error("the RTL title did not take the browser engine");
    return image;
  };
  try {
    return await compare({ builtIn, account, rtl }, 2);
  } finally {
    await shutdownBrowsers();
  }
}
