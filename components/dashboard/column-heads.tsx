/** The heading row of the dashboard's plain tables (team members, audit log): one column per name. */
export function ColumnHeads({ names }: { names: readonly string[] }) {
  return (
    <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className="px-4 py-3 font-medium">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
