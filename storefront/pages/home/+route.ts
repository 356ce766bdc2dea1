// The shop's home: the root category's CMS page, in each language ("/", "/it", "/fr" — the prefix is
// taken off by +onBeforeRoute).
export default '/';
