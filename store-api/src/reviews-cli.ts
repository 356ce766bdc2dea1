import { readStoreApiConfig } from './config';
import { openDatabase } from './db/connection';
import { approveReview, pendingReviews } from './domain/product-reviews';

// `npm run reviews -- pending` lists the customer reviews waiting for approval (reviews are moderated unless
// PharmacyShop.reviews.moderated is false, ADR 0030); `npm run reviews -- approve ID…` shows them on the product page.
const [command, ...ids] = process.argv.slice(2);
if (!(command === 'pending' && ids.length === 0) && !(command === 'approve' && ids.length > 0)) {
  console.error('Usage: npm run reviews -- pending | npm run reviews -- approve REVIEW_ID…');
  process.exit(2);
}

const db = openDatabase(readStoreApiConfig().databaseFile);
try {
  if (command === 'pending') {
    const reviews = pendingReviews(db);
    for (const review of reviews) {
      console.info(`${review.id}  ${review.createdAt.slice(0, 10)}  ${review.productNumber}  ${'★'.repeat(Math.round(review.points))}  ${review.title}`);
      console.info(`    ${review.content.replace(/\s+/g, ' ')}`);
    }
    console.info(`${reviews.length} review(s) waiting for approval.`);
  } else {
    const unknown = ids.filter((id) => !approveReview(db, id));
    console.info(`${ids.length - unknown.length} review(s) approved.`);
    if (unknown.length) {
      console.error(`No review with id ${unknown.join(', ')}.`);
      process.exitCode = 1;
    }
  }
} finally {
  db.close();
}
