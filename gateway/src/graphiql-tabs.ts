/**
 * The tabs GraphiQL opens with: a tour of the shop (a product, a listing with filters, a search and a route
 * lookup), each runnable in de, it and fr through its `locale` argument. The ids are the seeded catalogue's
 * (stable on every machine). tests/gateway/server.test.ts validates each against the schema.
 */
export const GRAPHIQL_TABS: { query: string; variables?: string }[] = [
  {
    query: `# A product page. Try locale: IT or FR; the links follow the language (/it/…, /fr/…).
query ProductPage($locale: Locale) {
  product(productNumber: "P100001", locale: $locale) {
    id
    name
    url
    brand { name slug }
    price { unitPrice totalPrice listPrice { price percentage } referencePrice { price unitName purchaseUnit referenceUnit } }
    tierPrices { quantity unitPrice }
    availability { status piecesInStock deliveryTime { name } }
    clickAndCollectOnly
    prescriptionRequired
    cover { url alt thumbnails { width url } resizedUrl(width: 400) }
    properties { group { name } options { name } }
    usage
    faq { question answer }
    reviews(first: 3) { totalCount edges { node { title points content } } }
  }
}
`,
    variables: JSON.stringify({ locale: 'DE' }, null, 2),
  },
  {
    query: `# A category listing with filters: brands, price, shipping-free; the filter options come back too.
query CategoryListing($categoryId: ID!, $filters: ListingFilterInput, $locale: Locale) {
  listing(categoryId: $categoryId, filters: $filters, sort: "price-asc", limit: 24, locale: $locale) {
    total
    page
    currentFilters { price { min max } shippingFree brandIds }
    availableSortings { key label }
    filters {
      price { min max }
      brands { brand { brandId name } }
      properties { group { name } options { id name } }
    }
    nodes { name url price { unitPrice } brand { name } cover { resizedUrl(width: 300) } }
    pageInfo { hasNextPage endCursor }
  }
}
`,
    variables: JSON.stringify({ categoryId: 'f6691a84ed5b95d9d160925f2cdae0b5', filters: { minPrice: 5, maxPrice: 40 }, locale: 'DE' }, null, 2),
  },
  {
    query: `# Search and the search-as-you-type suggestions.
query Search($term: String!, $locale: Locale) {
  searchSuggest(term: $term, locale: $locale) { total nodes { name url } }
  search(term: $term, limit: 12, locale: $locale) {
    total
    nodes { name url price { unitPrice } }
  }
}
`,
    variables: JSON.stringify({ term: 'vitamin', locale: 'DE' }, null, 2),
  },
  {
    query: `# What a storefront path shows (SEO path, /detail/{id}, /navigation/{id}, /landingPage/{id}, /).
query Route($path: String!, $locale: Locale) {
  route(path: $path, locale: $locale) {
    __typename
    ... on ProductPage { path product { name url } }
    ... on CategoryPage { path category { name url breadcrumb { name url } } }
    ... on LandingPageRoute { path landingPage { name url } }
    ... on NotFound { path message }
  }
}
`,
    variables: JSON.stringify({ path: '/vitamine-mineralstoffe/vitamin-d', locale: 'DE' }, null, 2),
  },
];
