// The two queries the gateway bench measures: what the storefront's product page and a category page ask.

export const PRODUCT_PAGE_QUERY = `query BenchProductPage($id: ID!) {
  product(id: $id) {
    id productNumber name url seoPath description metaTitle metaDescription
    usage ingredients howToUse expertReview otherInfo packing pharmacode
    faq { question answer }
    productData { label value }
    clickAndCollectOnly prescriptionRequired shippingFree isNew isTopseller
    minPurchase maxPurchase purchaseSteps available
    price { unitPrice totalPrice listPrice { price percentage } referencePrice { price unitName purchaseUnit referenceUnit } }
    cheapestPrice { unitPrice }
    priceRange { from to hasRange }
    tierPrices { quantity unitPrice labelKind }
    availability { status piecesInStock dispatchDay deliveryTime { name min max unit } }
    brand { id name slug url: website logo { url } }
    cover { url alt width height thumbnails { width height url } sources { width url } resizedUrl(width: 600) }
    media { url alt thumbnails { width url } resizedUrl(width: 1200) }
    properties { group { id name } options { id name } }
    configurator { id name displayType options { id name selected available } }
    variants { id name url price { unitPrice } }
    ratingAverage
    reviews(first: 5) { totalCount edges { node { title content points author createdAt } } pageInfo { hasNextPage endCursor } }
  }
}`;

export const LISTING_QUERY = `query BenchListing($categoryId: ID!) {
  listing(categoryId: $categoryId, limit: 24) {
    total page limit sorting
    availableSortings { key label }
    currentFilters { price { min max } shippingFree brandIds propertyIds minRating }
    filters {
      price { min max }
      shippingFreeAvailable maxRating
      brands { brand { brandId name } }
      properties { group { id name } options { id name } }
    }
    pageInfo { hasNextPage endCursor }
    edges {
      cursor
      node {
        id name url productNumber clickAndCollectOnly prescriptionRequired
        price { unitPrice listPrice { price percentage } referencePrice { price unitName referenceUnit } }
        priceRange { from to hasRange }
        availability { status }
        brand { name url: website }
        cover { alt thumbnails { width url } resizedUrl(width: 300) }
        ratingAverage
      }
    }
  }
}`;
