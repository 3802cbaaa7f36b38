import type { FeedDocument } from './feed-document';

// JSON Feed 1.1 (https://jsonfeed.org/version/1.1). `_event` is an extension (the spec's leading
// underscore) with what a calendar needs beyond a post: the times and the place.

/** The feed as a JSON Feed; without `next_url` it says it has no further pages. */
export function renderJsonFeed(doc: FeedDocument): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: doc.title,
    home_page_url: doc.homeUrl,
    feed_url: doc.feedUrl,
    description: doc.description,
    language: doc.locale,
    items: doc.items.map((item) => ({
      id: item.url,
      url: item.url,
      title: item.name,
      content_text: item.summary,
      // Issue 31: an item not written in the feed's language says which it is in.
      ...(item.lang === doc.locale ? {} : { language: item.lang }),
      date_published: item.start,
      _event: {
        start: item.start,
        end: item.end,
        place: item.placeName,
        city: item.city,
        ...(item.geo ? { lat: item.geo.lat, lng: item.geo.lng } : {}),
      },
    })),
  });
}
