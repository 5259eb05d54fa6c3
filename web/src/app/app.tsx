/** The foundation's page: the full app shell arrives with its own issue. */
export function App() {
  return (
    <main className="min-h-screen bg-slate-50 text-slate-900 flex items-center justify-center p-6">
      <div className="max-w-lg text-center">
        <h1 className="text-4xl font-bold tracking-tight">Stratum</h1>
        <p className="mt-2 text-lg text-indigo-700">develop, plan, operate</p>
        <p className="mt-6 text-slate-600">
          Plan multi-cloud infrastructure, design it on a board, generate Terraform, Bicep and ARM,
          deploy it and operate it — self-hosted, in one product.
        </p>
      </div>
    </main>
  );
}
