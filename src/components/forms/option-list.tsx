/**
 * A select's options: an empty first choice (`empty`: "any" or "choose one"), then one per item. A module
 * of its own so the search bar, on every page, does not bring the form fields' code along.
 */
export function OptionList({ empty, options }: { empty: string; options: { id: number; name: string }[] }) {
  return (
    <>
      <option value="">{empty}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </>
  );
}
