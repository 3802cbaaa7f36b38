/** The narrow centred card the account pages share. */
export function PageCard({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={`mx-auto px-4 py-10 ${wide ? 'max-w-4xl' : 'max-w-md'}`}>
      <h1 className="mb-6 text-2xl font-bold">{title}</h1>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </section>
  );
}
