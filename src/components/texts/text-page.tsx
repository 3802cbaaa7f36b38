/** A text page (spec §2): its title and its HTML, which was sanitised when it was saved. */
export function TextPage({ text }: { text: { title: string; text: string } }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{text.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitised on save */}
      <div className="prose-text mt-6" dangerouslySetInnerHTML={{ __html: text.text }} />
    </article>
  );
}
