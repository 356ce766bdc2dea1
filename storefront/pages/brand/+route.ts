// /b/{slug} (and /it/b/…, /fr/b/…): a brand's page; the slug is the same in every language.
export default '/b/*';
