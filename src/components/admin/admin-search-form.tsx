/**
 * An admin list's search: a GET form whose one field is `q` (not `search`, which the layout's site search
 * bar takes as its own), so the result is an address the admin can keep or share.
 */
export function AdminSearchForm({
  action,
  id,
  defaultValue,
  maxLength,
  texts,
}: {
  action: string;
  id: string;
  defaultValue: string;
  maxLength: number;
  texts: { label: string; placeholder: string; button: string };
}) {
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor={id} className="mb-1 block font-medium">
          {texts.label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue}
          placeholder={texts.placeholder}
          maxLength={maxLength}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
        />
      </div>
      <button
        type="submit"
        className="h-11 rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
      >
        {texts.button}
      </button>
    </form>
  );
}
