export default function HomePage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-bold">Glance</h1>
      <p className="mt-2 text-slate-600">Screenshot, PDF and Open Graph image API.</p>
    </main>
  );
}
