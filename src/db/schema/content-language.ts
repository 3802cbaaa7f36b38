/**
 * Issue 31: an event's or place's texts in the languages other than the row's own `lang`, by language and then
 * by field ({"en": {"name": "Macramé workshop"}}). A field left out is not written in that language.
 */
export type Translations = Partial<Record<string, Partial<Record<string, string>>>>;
