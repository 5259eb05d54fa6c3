const Code = ({ children }: { children: string }) => (
  <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs break-all text-slate-900">
    {children}
  </code>
);

/** No source yet: which files Stratum reads, and the command that makes each. */
export function InventoryEmptyState() {
  return (
    <section
      aria-labelledby="inventory-empty-title"
      className="rounded-lg border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-800"
    >
      <h2 id="inventory-empty-title" className="text-base font-semibold text-slate-900">
        No sources yet: drop a file above
      </h2>
      <p className="mt-1">
        Every managed resource in the file becomes an asset here, its dependencies a graph in the
        CMDB, and it can be scanned for drift. The file stays on this Stratum server.
      </p>
      <ul className="mt-3 space-y-2">
        <li>
          <span className="font-medium">A Terraform state</span>:{' '}
          <Code>terraform state pull &gt; prod.tfstate</Code> (any backend), or the{' '}
          <Code>terraform.tfstate</Code> file itself. State format 4 (Terraform 0.12 and later).
        </li>
        <li>
          <span className="font-medium">A plan or a state as JSON</span>:{' '}
          <Code>terraform plan -out=tfplan</Code> then{' '}
          <Code>terraform show -json tfplan &gt; plan.json</Code>; a plan that creates everything
          still gives a graph.
        </li>
        <li>
          <span className="font-medium">An Azure what-if</span>:{' '}
          <Code>
            az deployment group what-if -g my-rg -f main.bicep --no-pretty-print &gt; whatif.json
          </Code>
        </li>
        <li>
          <span className="font-medium">A driftctl report</span>:{' '}
          <Code>driftctl scan --output json://scan.json</Code>
        </li>
        <li>
          <span className="font-medium">A CSV</span> with one asset per row and a header line
          (address, type, and any of cloud, region, name, id, tags).
        </li>
      </ul>
    </section>
  );
}
