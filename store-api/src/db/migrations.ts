// Versioned schema migrations, applied in order inside one transaction each.
// A migration is never edited once it has landed: add a new one instead.
// Ids are 32-char lowercase hex (Shopware's format). Translated fields live in *_translation tables
// keyed by (entity id, language_id); every seeded row has all three languages (de, it, fr).
// JSON columns hold values that are read whole and never filtered on.

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'catalogue and sales channel',
    sql: `
CREATE TABLE language (
  id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE,           -- 'de-CH'
  short_code TEXT NOT NULL UNIQUE,                           -- 'de' (storefront prefix, none for default)
  name TEXT NOT NULL, position INTEGER NOT NULL
);

CREATE TABLE currency (
  id TEXT PRIMARY KEY, iso_code TEXT NOT NULL UNIQUE, symbol TEXT NOT NULL, factor REAL NOT NULL,
  position INTEGER NOT NULL, is_default INTEGER NOT NULL,
  item_decimals INTEGER NOT NULL, item_interval REAL NOT NULL,
  total_decimals INTEGER NOT NULL, total_interval REAL NOT NULL
);
CREATE TABLE currency_translation (
  currency_id TEXT NOT NULL REFERENCES currency(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, short_name TEXT NOT NULL, PRIMARY KEY (currency_id, language_id)
);

CREATE TABLE country (
  id TEXT PRIMARY KEY, iso TEXT NOT NULL UNIQUE, iso3 TEXT NOT NULL, position INTEGER NOT NULL,
  active INTEGER NOT NULL, shipping_available INTEGER NOT NULL, postal_code_required INTEGER NOT NULL,
  display_state_in_registration INTEGER NOT NULL, force_state_in_registration INTEGER NOT NULL,
  is_eu INTEGER NOT NULL
);
CREATE TABLE country_translation (
  country_id TEXT NOT NULL REFERENCES country(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, PRIMARY KEY (country_id, language_id)
);
CREATE TABLE country_state (
  id TEXT PRIMARY KEY, country_id TEXT NOT NULL REFERENCES country(id), short_code TEXT NOT NULL,
  position INTEGER NOT NULL, active INTEGER NOT NULL
);
CREATE INDEX country_state_country ON country_state(country_id);
CREATE TABLE country_state_translation (
  country_state_id TEXT NOT NULL REFERENCES country_state(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, PRIMARY KEY (country_state_id, language_id)
);

CREATE TABLE salutation (id TEXT PRIMARY KEY, salutation_key TEXT NOT NULL UNIQUE, position INTEGER NOT NULL);
CREATE TABLE salutation_translation (
  salutation_id TEXT NOT NULL REFERENCES salutation(id), language_id TEXT NOT NULL REFERENCES language(id),
  display_name TEXT NOT NULL, letter_name TEXT NOT NULL, PRIMARY KEY (salutation_id, language_id)
);

CREATE TABLE tax (id TEXT PRIMARY KEY, tax_rate REAL NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL);

CREATE TABLE unit (id TEXT PRIMARY KEY);
CREATE TABLE unit_translation (
  unit_id TEXT NOT NULL REFERENCES unit(id), language_id TEXT NOT NULL REFERENCES language(id),
  short_code TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (unit_id, language_id)
);

CREATE TABLE delivery_time (id TEXT PRIMARY KEY, min INTEGER NOT NULL, max INTEGER NOT NULL, unit TEXT NOT NULL);
CREATE TABLE delivery_time_translation (
  delivery_time_id TEXT NOT NULL REFERENCES delivery_time(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, PRIMARY KEY (delivery_time_id, language_id)
);

CREATE TABLE customer_group (id TEXT PRIMARY KEY, display_gross INTEGER NOT NULL);
CREATE TABLE customer_group_translation (
  customer_group_id TEXT NOT NULL REFERENCES customer_group(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, PRIMARY KEY (customer_group_id, language_id)
);

-- Files live under DATA_DIR/media/<path>; thumbnails under DATA_DIR/thumbnail/<path>.
CREATE TABLE media (
  id TEXT PRIMARY KEY, path TEXT NOT NULL UNIQUE, file_name TEXT NOT NULL, file_extension TEXT NOT NULL,
  mime_type TEXT NOT NULL, file_size INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE media_translation (
  media_id TEXT NOT NULL REFERENCES media(id), language_id TEXT NOT NULL REFERENCES language(id),
  alt TEXT, title TEXT, PRIMARY KEY (media_id, language_id)
);
CREATE TABLE media_thumbnail (
  id TEXT PRIMARY KEY, media_id TEXT NOT NULL REFERENCES media(id), width INTEGER NOT NULL,
  height INTEGER NOT NULL, path TEXT NOT NULL
);
CREATE INDEX media_thumbnail_media ON media_thumbnail(media_id);

CREATE TABLE payment_method (
  id TEXT PRIMARY KEY, technical_name TEXT NOT NULL UNIQUE, position INTEGER NOT NULL, active INTEGER NOT NULL,
  after_order_enabled INTEGER NOT NULL, asynchronous INTEGER NOT NULL, media_id TEXT REFERENCES media(id)
);
CREATE TABLE payment_method_translation (
  payment_method_id TEXT NOT NULL REFERENCES payment_method(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, description TEXT, PRIMARY KEY (payment_method_id, language_id)
);

CREATE TABLE shipping_method (
  id TEXT PRIMARY KEY, technical_name TEXT NOT NULL UNIQUE, position INTEGER NOT NULL, active INTEGER NOT NULL,
  delivery_time_id TEXT NOT NULL REFERENCES delivery_time(id), tax_type TEXT NOT NULL,
  click_and_collect INTEGER NOT NULL, media_id TEXT REFERENCES media(id), tracking_url TEXT
);
CREATE TABLE shipping_method_translation (
  shipping_method_id TEXT NOT NULL REFERENCES shipping_method(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, description TEXT, PRIMARY KEY (shipping_method_id, language_id)
);

-- type: page | link | folder; link_type: category | product | landing_page | external
CREATE TABLE category (
  id TEXT PRIMARY KEY, parent_id TEXT REFERENCES category(id), level INTEGER NOT NULL,
  path TEXT,                                   -- Shopware style: '|rootId|parentId|' (ancestors)
  position INTEGER NOT NULL, type TEXT NOT NULL, link_type TEXT, internal_link TEXT, link_new_tab INTEGER NOT NULL DEFAULT 0,
  cms_page_id TEXT, media_id TEXT REFERENCES media(id), active INTEGER NOT NULL, visible INTEGER NOT NULL,
  display_nested_products INTEGER NOT NULL DEFAULT 1, product_assignment_type TEXT NOT NULL DEFAULT 'product',
  created_at TEXT NOT NULL
);
CREATE INDEX category_parent ON category(parent_id, position);
CREATE TABLE category_translation (
  category_id TEXT NOT NULL REFERENCES category(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, breadcrumb TEXT NOT NULL,  -- JSON array of names from the root
  description TEXT, meta_title TEXT, meta_description TEXT, keywords TEXT, external_link TEXT,
  PRIMARY KEY (category_id, language_id)
);

CREATE TABLE product_manufacturer (id TEXT PRIMARY KEY, media_id TEXT REFERENCES media(id), link TEXT);
CREATE TABLE product_manufacturer_translation (
  product_manufacturer_id TEXT NOT NULL REFERENCES product_manufacturer(id),
  language_id TEXT NOT NULL REFERENCES language(id), name TEXT NOT NULL, description TEXT,
  PRIMARY KEY (product_manufacturer_id, language_id)
);

-- filterable: shown as a listing filter; variant groups (size, flavour) are not filterable
CREATE TABLE property_group (
  id TEXT PRIMARY KEY, display_type TEXT NOT NULL, sorting_type TEXT NOT NULL, position INTEGER NOT NULL,
  filterable INTEGER NOT NULL, visible_on_product_detail_page INTEGER NOT NULL
);
CREATE TABLE property_group_translation (
  property_group_id TEXT NOT NULL REFERENCES property_group(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, description TEXT, PRIMARY KEY (property_group_id, language_id)
);
CREATE TABLE property_group_option (
  id TEXT PRIMARY KEY, group_id TEXT NOT NULL REFERENCES property_group(id), position INTEGER NOT NULL,
  color_hex_code TEXT, media_id TEXT REFERENCES media(id)
);
CREATE INDEX property_group_option_group ON property_group_option(group_id);
CREATE TABLE property_group_option_translation (
  property_group_option_id TEXT NOT NULL REFERENCES property_group_option(id),
  language_id TEXT NOT NULL REFERENCES language(id), name TEXT NOT NULL,
  PRIMARY KEY (property_group_option_id, language_id)
);

-- Prices are gross CHF (the shop shows prices incl. VAT). cheapest_price is denormalised for
-- sorting and the price filter: for a parent it is the lowest price over its variants.
-- list_price is the previous price ("statt"); its presence makes the discount.
CREATE TABLE product (
  id TEXT PRIMARY KEY, parent_id TEXT REFERENCES product(id), product_number TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL DEFAULT 'physical',      -- physical | digital (downloads)
  manufacturer_id TEXT REFERENCES product_manufacturer(id), tax_id TEXT NOT NULL REFERENCES tax(id),
  unit_id TEXT REFERENCES unit(id), delivery_time_id TEXT REFERENCES delivery_time(id),
  cover_id TEXT,                               -- product_media.id
  active INTEGER NOT NULL, stock INTEGER NOT NULL, available_stock INTEGER NOT NULL, available INTEGER NOT NULL,
  is_closeout INTEGER NOT NULL, min_purchase INTEGER NOT NULL, max_purchase INTEGER, purchase_steps INTEGER NOT NULL,
  shipping_free INTEGER NOT NULL, mark_as_topseller INTEGER NOT NULL,
  ean TEXT, pharmacode TEXT, manufacturer_number TEXT,
  weight REAL, width REAL, height REAL, length REAL,
  purchase_unit REAL, reference_unit REAL,
  price REAL NOT NULL, list_price REAL, cheapest_price REAL NOT NULL, price_range INTEGER NOT NULL DEFAULT 0,
  promotion_discount REAL,                     -- percent shown as promotion badge
  click_collect_only INTEGER NOT NULL, prescription_required INTEGER NOT NULL DEFAULT 0,
  rating_average REAL, sales INTEGER NOT NULL, child_count INTEGER NOT NULL,
  variant_listing_config TEXT,                 -- JSON {displayParent, mainVariantId, configuratorGroupConfig}
  release_date TEXT, created_at TEXT NOT NULL, tags TEXT NOT NULL DEFAULT '[]'  -- JSON array of tag names
);
CREATE INDEX product_parent ON product(parent_id);
CREATE INDEX product_manufacturer_idx ON product(manufacturer_id);
CREATE INDEX product_listing_price ON product(parent_id, cheapest_price);
CREATE INDEX product_sales ON product(parent_id, sales DESC);
CREATE TABLE product_translation (
  product_id TEXT NOT NULL REFERENCES product(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, description TEXT, meta_title TEXT, meta_description TEXT, keywords TEXT,
  pack_unit TEXT, pack_unit_plural TEXT,
  custom_fields TEXT NOT NULL DEFAULT '{}',   -- JSON: usage, ingredients, how_to_use, expert_review, faq, product_data, packing, product_additional_data
  PRIMARY KEY (product_id, language_id)
);
-- Tier prices: quantity_end NULL for the last tier.
CREATE TABLE product_price (
  id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), quantity_start INTEGER NOT NULL,
  quantity_end INTEGER, price REAL NOT NULL, list_price REAL
);
CREATE INDEX product_price_product ON product_price(product_id, quantity_start);
CREATE TABLE product_media (
  id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), media_id TEXT NOT NULL REFERENCES media(id),
  position INTEGER NOT NULL
);
CREATE INDEX product_media_product ON product_media(product_id, position);
-- Direct assignment, and the tree (direct categories plus all their ancestors) for nested listings.
CREATE TABLE product_category (
  product_id TEXT NOT NULL REFERENCES product(id), category_id TEXT NOT NULL REFERENCES category(id),
  PRIMARY KEY (product_id, category_id)
);
CREATE TABLE product_category_tree (
  product_id TEXT NOT NULL REFERENCES product(id), category_id TEXT NOT NULL REFERENCES category(id),
  PRIMARY KEY (category_id, product_id)
) WITHOUT ROWID;
CREATE INDEX product_category_tree_product ON product_category_tree(product_id);
CREATE TABLE product_property (
  product_id TEXT NOT NULL REFERENCES product(id), property_group_option_id TEXT NOT NULL REFERENCES property_group_option(id),
  PRIMARY KEY (property_group_option_id, product_id)
) WITHOUT ROWID;
CREATE INDEX product_property_product ON product_property(product_id);
-- Variant options (the options that make a variant: size, flavour).
CREATE TABLE product_option (
  product_id TEXT NOT NULL REFERENCES product(id), property_group_option_id TEXT NOT NULL REFERENCES property_group_option(id),
  PRIMARY KEY (product_id, property_group_option_id)
);
CREATE TABLE product_configurator_setting (
  id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id),
  property_group_option_id TEXT NOT NULL REFERENCES property_group_option(id), position INTEGER NOT NULL
);
CREATE INDEX product_configurator_setting_product ON product_configurator_setting(product_id);
CREATE TABLE product_cross_selling (
  id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), position INTEGER NOT NULL,
  type TEXT NOT NULL, active INTEGER NOT NULL, product_ids TEXT NOT NULL  -- JSON array of product ids
);
CREATE INDEX product_cross_selling_product ON product_cross_selling(product_id);
CREATE TABLE product_cross_selling_translation (
  product_cross_selling_id TEXT NOT NULL REFERENCES product_cross_selling(id),
  language_id TEXT NOT NULL REFERENCES language(id), name TEXT NOT NULL,
  PRIMARY KEY (product_cross_selling_id, language_id)
);
CREATE TABLE product_review (
  id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), language_id TEXT NOT NULL REFERENCES language(id),
  customer_id TEXT, external_user TEXT, external_email TEXT, title TEXT NOT NULL, content TEXT NOT NULL,
  points REAL NOT NULL, status INTEGER NOT NULL, comment TEXT, created_at TEXT NOT NULL
);
CREATE INDEX product_review_product ON product_review(product_id, created_at);
-- Full-text search over name, number, brand, ean, pharmacode and keywords, one row per language.
CREATE VIRTUAL TABLE product_search USING fts5(
  product_id UNINDEXED, language_id UNINDEXED, content, tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TABLE product_sorting (
  id TEXT PRIMARY KEY, url_key TEXT NOT NULL UNIQUE, priority INTEGER NOT NULL, active INTEGER NOT NULL,
  fields TEXT NOT NULL   -- JSON [{field, order, priority, naturalSorting}]
);
CREATE TABLE product_sorting_translation (
  product_sorting_id TEXT NOT NULL REFERENCES product_sorting(id), language_id TEXT NOT NULL REFERENCES language(id),
  label TEXT NOT NULL, PRIMARY KEY (product_sorting_id, language_id)
);

-- route_name: frontend.detail.page | frontend.navigation.page | frontend.landing.page
CREATE TABLE seo_url (
  id TEXT PRIMARY KEY, language_id TEXT NOT NULL REFERENCES language(id), foreign_key TEXT NOT NULL,
  route_name TEXT NOT NULL, path_info TEXT NOT NULL, seo_path_info TEXT NOT NULL, is_canonical INTEGER NOT NULL,
  is_modified INTEGER NOT NULL DEFAULT 0, is_deleted INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX seo_url_path ON seo_url(language_id, seo_path_info);
CREATE INDEX seo_url_foreign ON seo_url(foreign_key, language_id);

-- CMS: page → section → block → slot. visibility: JSON {mobile, tablet, desktop}.
CREATE TABLE cms_page (
  id TEXT PRIMARY KEY, type TEXT NOT NULL, entity TEXT, css_class TEXT, config TEXT, created_at TEXT NOT NULL
);
CREATE TABLE cms_page_translation (
  cms_page_id TEXT NOT NULL REFERENCES cms_page(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, PRIMARY KEY (cms_page_id, language_id)
);
CREATE TABLE cms_section (
  id TEXT PRIMARY KEY, page_id TEXT NOT NULL REFERENCES cms_page(id), position INTEGER NOT NULL, type TEXT NOT NULL,
  name TEXT, sizing_mode TEXT NOT NULL, mobile_behavior TEXT NOT NULL, background_color TEXT,
  background_media_id TEXT, background_media_mode TEXT, css_class TEXT, visibility TEXT NOT NULL
);
CREATE INDEX cms_section_page ON cms_section(page_id, position);
CREATE TABLE cms_block (
  id TEXT PRIMARY KEY, section_id TEXT NOT NULL REFERENCES cms_section(id), position INTEGER NOT NULL,
  type TEXT NOT NULL, name TEXT, section_position TEXT NOT NULL,
  margin_top TEXT, margin_bottom TEXT, margin_left TEXT, margin_right TEXT,
  background_color TEXT, background_media_id TEXT, background_media_mode TEXT, css_class TEXT,
  visibility TEXT NOT NULL
);
CREATE INDEX cms_block_section ON cms_block(section_id, position);
-- config per language: JSON {key: {source, value}} (Shopware slot config).
CREATE TABLE cms_slot (
  id TEXT PRIMARY KEY, block_id TEXT NOT NULL REFERENCES cms_block(id), slot TEXT NOT NULL, type TEXT NOT NULL,
  locked INTEGER NOT NULL
);
CREATE INDEX cms_slot_block ON cms_slot(block_id);
CREATE TABLE cms_slot_translation (
  cms_slot_id TEXT NOT NULL REFERENCES cms_slot(id), language_id TEXT NOT NULL REFERENCES language(id),
  config TEXT NOT NULL, PRIMARY KEY (cms_slot_id, language_id)
);

CREATE TABLE landing_page (id TEXT PRIMARY KEY, active INTEGER NOT NULL, cms_page_id TEXT REFERENCES cms_page(id), created_at TEXT NOT NULL);
CREATE TABLE landing_page_translation (
  landing_page_id TEXT NOT NULL REFERENCES landing_page(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, url TEXT NOT NULL, meta_title TEXT, meta_description TEXT, keywords TEXT,
  PRIMARY KEY (landing_page_id, language_id)
);

CREATE TABLE sales_channel (
  id TEXT PRIMARY KEY, access_key TEXT NOT NULL UNIQUE, language_id TEXT NOT NULL REFERENCES language(id),
  currency_id TEXT NOT NULL REFERENCES currency(id), payment_method_id TEXT NOT NULL REFERENCES payment_method(id),
  shipping_method_id TEXT NOT NULL REFERENCES shipping_method(id), country_id TEXT NOT NULL REFERENCES country(id),
  customer_group_id TEXT NOT NULL REFERENCES customer_group(id), navigation_category_id TEXT NOT NULL REFERENCES category(id),
  footer_category_id TEXT REFERENCES category(id), service_category_id TEXT REFERENCES category(id),
  navigation_category_depth INTEGER NOT NULL, tax_calculation_type TEXT NOT NULL
);
CREATE TABLE sales_channel_translation (
  sales_channel_id TEXT NOT NULL REFERENCES sales_channel(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, PRIMARY KEY (sales_channel_id, language_id)
);
CREATE TABLE sales_channel_domain (
  id TEXT PRIMARY KEY, sales_channel_id TEXT NOT NULL REFERENCES sales_channel(id),
  language_id TEXT NOT NULL REFERENCES language(id), url TEXT NOT NULL   -- path prefix, e.g. '/it'
);

-- A visitor's session: who they are and what they chose. payload holds the ids the visitor has set
-- (languageId, currencyId, paymentMethodId, shippingMethodId, countryId, addresses, customerId, …).
CREATE TABLE context_token (
  token TEXT PRIMARY KEY, sales_channel_id TEXT NOT NULL, payload TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);

-- The shop's own content (no Shopware counterpart): pharmacies, promotion codes, editorial.
CREATE TABLE promotion (
  id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE COLLATE NOCASE, active INTEGER NOT NULL,
  discount_type TEXT NOT NULL,                  -- percentage | absolute | free_shipping
  value REAL NOT NULL, min_order_value REAL, valid_from TEXT, valid_until TEXT, max_uses INTEGER,
  uses INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE promotion_translation (
  promotion_id TEXT NOT NULL REFERENCES promotion(id), language_id TEXT NOT NULL REFERENCES language(id),
  name TEXT NOT NULL, PRIMARY KEY (promotion_id, language_id)
);

CREATE TABLE pharmacy (
  id TEXT PRIMARY KEY, url_path TEXT NOT NULL UNIQUE, name TEXT NOT NULL, street TEXT NOT NULL,
  zipcode TEXT NOT NULL, city TEXT NOT NULL, country_id TEXT NOT NULL REFERENCES country(id),
  latitude REAL NOT NULL, longitude REAL NOT NULL, phone TEXT NOT NULL, email TEXT NOT NULL,
  opening_hours TEXT NOT NULL,                  -- JSON {mon:[["08:00","18:30"]], …, sun:[]}
  services TEXT NOT NULL DEFAULT '[]', click_and_collect INTEGER NOT NULL
);

-- type: magazine | editorial | topic | content; faq, poll and blocks are JSON per language.
CREATE TABLE article (
  id TEXT PRIMARY KEY, type TEXT NOT NULL, media_id TEXT REFERENCES media(id), published_at TEXT NOT NULL,
  product_ids TEXT NOT NULL DEFAULT '[]'        -- recommended products
);
CREATE INDEX article_type ON article(type, published_at);
CREATE TABLE article_translation (
  article_id TEXT NOT NULL REFERENCES article(id), language_id TEXT NOT NULL REFERENCES language(id),
  slug TEXT NOT NULL, title TEXT NOT NULL, teaser TEXT NOT NULL, body TEXT NOT NULL,
  category TEXT, keywords TEXT, meta_title TEXT, meta_description TEXT,
  faq TEXT NOT NULL DEFAULT '[]', poll TEXT, quote TEXT, fact TEXT,
  PRIMARY KEY (article_id, language_id)
);
CREATE UNIQUE INDEX article_slug ON article_translation(language_id, slug);
`,
  },
  {
    version: 2,
    name: 'customers, carts, orders, payment and mail',
    sql: `
-- Number ranges (order, customer, invoice numbers): one row per range, incremented in the writing transaction.
CREATE TABLE number_range (name TEXT PRIMARY KEY, last_value INTEGER NOT NULL);

-- guest = 1: a checkout without an account (SPEC §4 Session). Guests may reuse an email; accounts may not.
-- active = 0 with a double_opt_in_hash: registered, waiting for the emailed confirmation link.
CREATE TABLE customer (
  id TEXT PRIMARY KEY, customer_number TEXT NOT NULL UNIQUE, sales_channel_id TEXT NOT NULL,
  customer_group_id TEXT NOT NULL REFERENCES customer_group(id), language_id TEXT NOT NULL REFERENCES language(id),
  salutation_id TEXT REFERENCES salutation(id), title TEXT, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
  email TEXT NOT NULL, password_hash TEXT, guest INTEGER NOT NULL, active INTEGER NOT NULL,
  account_type TEXT NOT NULL DEFAULT 'private', company TEXT, birthday TEXT,
  double_opt_in_registration INTEGER NOT NULL DEFAULT 0, double_opt_in_hash TEXT UNIQUE,
  double_opt_in_email_sent_at TEXT, double_opt_in_confirmed_at TEXT,
  default_billing_address_id TEXT, default_shipping_address_id TEXT, default_payment_method_id TEXT,
  first_login TEXT, last_login TEXT, created_at TEXT NOT NULL, updated_at TEXT
);
CREATE UNIQUE INDEX customer_account_email ON customer(email COLLATE NOCASE) WHERE guest = 0;
CREATE INDEX customer_email ON customer(email COLLATE NOCASE);

CREATE TABLE customer_address (
  id TEXT PRIMARY KEY, customer_id TEXT NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
  salutation_id TEXT REFERENCES salutation(id), title TEXT, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
  company TEXT, department TEXT, street TEXT NOT NULL, additional_address_line1 TEXT, additional_address_line2 TEXT,
  zipcode TEXT, city TEXT NOT NULL, country_id TEXT NOT NULL REFERENCES country(id),
  country_state_id TEXT REFERENCES country_state(id), phone_number TEXT,
  created_at TEXT NOT NULL, updated_at TEXT
);
CREATE INDEX customer_address_customer ON customer_address(customer_id);

-- The cart of a context token, stored as the shopper built it (line items, promotion codes, pharmacy);
-- prices are calculated on every read, so a changed price or stock is never served stale.
CREATE TABLE cart (
  token TEXT PRIMARY KEY, sales_channel_id TEXT NOT NULL,
  payload TEXT NOT NULL,                       -- JSON, see store-api/src/domain/cart-types.ts StoredCart
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);

-- state: open | in_progress | completed | cancelled (Shopware's order state machine)
CREATE TABLE "order" (
  id TEXT PRIMARY KEY, order_number TEXT NOT NULL UNIQUE, sales_channel_id TEXT NOT NULL,
  customer_id TEXT NOT NULL REFERENCES customer(id), language_id TEXT NOT NULL, currency_id TEXT NOT NULL,
  order_date_time TEXT NOT NULL, state TEXT NOT NULL,
  amount_total REAL NOT NULL, amount_net REAL NOT NULL, position_price REAL NOT NULL, shipping_total REAL NOT NULL,
  tax_status TEXT NOT NULL, price TEXT NOT NULL,          -- JSON CartPrice
  shipping_costs TEXT NOT NULL,                           -- JSON CalculatedPrice
  billing_address_id TEXT NOT NULL, deep_link_code TEXT NOT NULL UNIQUE,
  customer_comment TEXT, affiliate_code TEXT, campaign_code TEXT,
  -- orderCustomer
  email TEXT NOT NULL, salutation_id TEXT, first_name TEXT NOT NULL, last_name TEXT NOT NULL, customer_number TEXT,
  -- the shop's own: Click & Collect pharmacy, the promised delivery window, the download waiver
  pharmacy_id TEXT REFERENCES pharmacy(id), expected_delivery TEXT,      -- JSON {earliest, latest, kind}
  download_waiver_accepted INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL, updated_at TEXT
);
CREATE INDEX order_customer ON "order"(customer_id, order_date_time);

CREATE TABLE order_address (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES "order"(id) ON DELETE CASCADE,
  salutation_id TEXT, title TEXT, first_name TEXT NOT NULL, last_name TEXT NOT NULL, company TEXT, department TEXT,
  street TEXT NOT NULL, additional_address_line1 TEXT, additional_address_line2 TEXT, zipcode TEXT, city TEXT NOT NULL,
  country_id TEXT NOT NULL, country_state_id TEXT, phone_number TEXT
);
CREATE INDEX order_address_order ON order_address(order_id);

CREATE TABLE order_line_item (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES "order"(id) ON DELETE CASCADE, position INTEGER NOT NULL,
  identifier TEXT NOT NULL, referenced_id TEXT, product_id TEXT, type TEXT NOT NULL, label TEXT NOT NULL,
  quantity INTEGER NOT NULL, unit_price REAL NOT NULL, total_price REAL NOT NULL, tax_rate REAL,
  price TEXT NOT NULL, payload TEXT NOT NULL DEFAULT '{}', states TEXT NOT NULL DEFAULT '[]',
  cover_media_id TEXT, good INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX order_line_item_order ON order_line_item(order_id, position);

-- state: open | in_progress | shipped | returned | cancelled
CREATE TABLE order_delivery (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES "order"(id) ON DELETE CASCADE,
  shipping_order_address_id TEXT REFERENCES order_address(id), shipping_method_id TEXT NOT NULL,
  state TEXT NOT NULL, shipping_date_earliest TEXT NOT NULL, shipping_date_latest TEXT NOT NULL,
  shipping_costs TEXT NOT NULL, tracking_codes TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX order_delivery_order ON order_delivery(order_id);

-- state: open | in_progress | paid | failed | cancelled (Shopware's transaction state machine).
-- A retry with the same or another method adds a new transaction; the newest one is the order's payment.
CREATE TABLE order_transaction (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES "order"(id) ON DELETE CASCADE,
  payment_method_id TEXT NOT NULL REFERENCES payment_method(id), amount TEXT NOT NULL,   -- JSON CalculatedPrice
  state TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT
);
CREATE INDEX order_transaction_order ON order_transaction(order_id, created_at);

-- Every state change of an order, delivery or transaction, for the shop's records (SPEC §9: 10 years).
CREATE TABLE state_history (
  id TEXT PRIMARY KEY, entity TEXT NOT NULL, entity_id TEXT NOT NULL, order_id TEXT NOT NULL,
  from_state TEXT, to_state TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX state_history_order ON state_history(order_id, created_at);

-- One order per (context token, idempotency key): a double-submitted checkout answers the first order.
CREATE TABLE order_request (
  token TEXT NOT NULL, idempotency_key TEXT NOT NULL, order_id TEXT NOT NULL REFERENCES "order"(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL, PRIMARY KEY (token, idempotency_key)
);

-- A visit of the embedded payment provider's page for one transaction (status: open | paid | failed | cancelled).
CREATE TABLE payment_session (
  id TEXT PRIMARY KEY, transaction_id TEXT NOT NULL REFERENCES order_transaction(id), order_id TEXT NOT NULL,
  finish_url TEXT NOT NULL, error_url TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL, completed_at TEXT
);

-- Documents (invoice …) are rendered when downloaded; the row fixes their number and date.
CREATE TABLE document (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES "order"(id) ON DELETE CASCADE, type TEXT NOT NULL,
  document_number TEXT NOT NULL UNIQUE, deep_link_code TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX document_order ON document(order_id);

-- The file a digital product (type digital) delivers; served by /order/download once the order is paid.
CREATE TABLE product_download (
  id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), media_id TEXT NOT NULL REFERENCES media(id),
  position INTEGER NOT NULL
);
CREATE INDEX product_download_product ON product_download(product_id);
CREATE TABLE order_line_item_download (
  id TEXT PRIMARY KEY, order_line_item_id TEXT NOT NULL REFERENCES order_line_item(id) ON DELETE CASCADE,
  order_id TEXT NOT NULL, media_id TEXT NOT NULL, position INTEGER NOT NULL, access_granted INTEGER NOT NULL
);
CREATE INDEX order_line_item_download_order ON order_line_item_download(order_id);

-- Every mail the shop sends, rendered in the recipient's language; sent through SMTP when configured.
CREATE TABLE mail_outbox (
  id TEXT PRIMARY KEY, template TEXT NOT NULL, recipient TEXT NOT NULL, language_id TEXT NOT NULL,
  subject TEXT NOT NULL, body_text TEXT NOT NULL, body_html TEXT NOT NULL,
  customer_id TEXT, order_id TEXT, created_at TEXT NOT NULL, sent_at TEXT, send_error TEXT
);
CREATE INDEX mail_outbox_created ON mail_outbox(created_at);
`,
  },
  {
    version: 3,
    name: 'payment sessions remember the shopper session; private download files',
    sql: `
-- The context token that opened the payment page: a failed or cancelled payment puts the order's items back
-- into that session's cart (issue 5: a failed payment leaves order and cart retryable).
ALTER TABLE payment_session ADD COLUMN context_token TEXT;
CREATE INDEX payment_session_order ON payment_session(order_id);

-- The files digital products deliver, kept outside the public media folders (DATA_DIR/private/<path>) and
-- outside the media table, so no media URL or listing can reach them: /order/download serves them once the
-- order is paid. order_line_item_download.media_id holds a download_file id.
CREATE TABLE download_file (
  id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), position INTEGER NOT NULL,
  file_name TEXT NOT NULL, path TEXT NOT NULL UNIQUE, mime_type TEXT NOT NULL, file_size INTEGER NOT NULL
);
CREATE INDEX download_file_product ON download_file(product_id, position);
`,
  },
  {
    version: 4,
    name: 'accounts: recovery, newsletter, wishlist, loyalty, preferred pharmacy, contact, login attempts',
    sql: `
-- A password recovery link: the hash is sent by mail, only its SHA-256 is stored; valid 2 hours, one use.
CREATE TABLE customer_recovery (
  id TEXT PRIMARY KEY, customer_id TEXT NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
  hash_digest TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL, expires_at TEXT NOT NULL, used_at TEXT
);
CREATE INDEX customer_recovery_customer ON customer_recovery(customer_id);

-- Newsletter (SPEC §4 double opt-in). status: notSet (waiting for the confirmation link) | optIn | direct |
-- optOut. hash: the confirmation / unsubscribe link's secret.
CREATE TABLE newsletter_recipient (
  id TEXT PRIMARY KEY, email TEXT NOT NULL COLLATE NOCASE, sales_channel_id TEXT NOT NULL, language_id TEXT NOT NULL,
  customer_id TEXT REFERENCES customer(id) ON DELETE SET NULL, first_name TEXT, last_name TEXT,
  status TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, confirmed_at TEXT, created_at TEXT NOT NULL, updated_at TEXT
);
CREATE UNIQUE INDEX newsletter_recipient_email ON newsletter_recipient(email, sales_channel_id);

-- The server-side wishlist of a logged-in customer (SPEC §4 Wishlist).
CREATE TABLE customer_wishlist (
  id TEXT PRIMARY KEY, customer_id TEXT NOT NULL UNIQUE REFERENCES customer(id) ON DELETE CASCADE,
  sales_channel_id TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT
);
CREATE TABLE customer_wishlist_product (
  id TEXT PRIMARY KEY, wishlist_id TEXT NOT NULL REFERENCES customer_wishlist(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES product(id), created_at TEXT NOT NULL, UNIQUE (wishlist_id, product_id)
);

-- Loyalty cards (the shop's my{product} area). A card exists before it is assigned (printed cards handed out
-- in pharmacies): assigning an existing number links it; applying creates a new one. points: current points.
-- status: applied (new card on its way) | active.
CREATE TABLE loyalty_card (
  id TEXT PRIMARY KEY, card_number TEXT NOT NULL UNIQUE, customer_id TEXT UNIQUE REFERENCES customer(id) ON DELETE SET NULL,
  status TEXT NOT NULL, points INTEGER NOT NULL DEFAULT 0,
  first_name TEXT, last_name TEXT, birthday TEXT, street TEXT, zipcode TEXT, city TEXT, email TEXT,
  created_at TEXT NOT NULL, updated_at TEXT
);

-- The customer's preferred pharmacy (customer-pharmacy; Click & Collect preselects it).
ALTER TABLE customer ADD COLUMN preferred_pharmacy_id TEXT REFERENCES pharmacy(id);

-- Messages of the contact form.
CREATE TABLE contact_message (
  id TEXT PRIMARY KEY, sales_channel_id TEXT NOT NULL, language_id TEXT NOT NULL, customer_id TEXT,
  salutation_id TEXT, first_name TEXT NOT NULL, last_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT,
  subject TEXT NOT NULL, comment TEXT NOT NULL, created_at TEXT NOT NULL
);

-- Failed attempts per key (e.g. 'login:email:<sha256>' or 'login:ip:<address>') in a sliding window, for rate limits.
CREATE TABLE rate_limit (
  key TEXT PRIMARY KEY, attempts INTEGER NOT NULL, window_start TEXT NOT NULL, blocked_until TEXT
);
`,
  },
  {
    version: 5,
    name: 'mail outbox delivery attempts',
    sql: `
-- The SMTP sender (store-api/src/mail-sender.ts) retries a refused delivery with back-off: attempts so far and
-- the earliest time of the next one. send_error keeps the last error, sent_at is set once delivered.
ALTER TABLE mail_outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN next_attempt_at TEXT;
CREATE INDEX mail_outbox_unsent ON mail_outbox(next_attempt_at) WHERE sent_at IS NULL;
`,
  },
  {
    version: 6,
    name: 'content and health services: polls, prescriptions, insurer, contest, postal codes',
    sql: `
-- One vote per visitor and poll (editorial pages, SPEC §2 /e/…): the visitor is the customer when logged
-- in, else the context token; only a SHA-256 of that key is stored.
CREATE TABLE poll_vote (
  article_id TEXT NOT NULL REFERENCES article(id), option_id TEXT NOT NULL, visitor_hash TEXT NOT NULL,
  created_at TEXT NOT NULL, PRIMARY KEY (article_id, visitor_hash)
);
CREATE INDEX poll_vote_option ON poll_vote(article_id, option_id);

-- Prescription services (SPEC §4): kind delivery (form, then the prescription by post) or pickup (uploaded
-- insurance card and prescriptions, a date and a pharmacy; the pharmacy calls when ready).
CREATE TABLE prescription_request (
  id TEXT PRIMARY KEY, request_number TEXT NOT NULL UNIQUE, kind TEXT NOT NULL CHECK (kind IN ('delivery', 'pickup')),
  sales_channel_id TEXT NOT NULL, language_id TEXT NOT NULL REFERENCES language(id), customer_id TEXT REFERENCES customer(id),
  salutation_id TEXT, first_name TEXT NOT NULL, last_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL,
  birthday TEXT, street TEXT, zipcode TEXT, city TEXT, country_id TEXT,
  pharmacy_id TEXT REFERENCES pharmacy(id), pickup_date TEXT, comment TEXT,
  status TEXT NOT NULL DEFAULT 'received', created_at TEXT NOT NULL
);
-- Uploaded files live under DATA_DIR/private (never a public folder); the type is read from the content.
CREATE TABLE prescription_file (
  id TEXT PRIMARY KEY, request_id TEXT NOT NULL REFERENCES prescription_request(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('insurance_card', 'prescription')), mime_type TEXT NOT NULL,
  size INTEGER NOT NULL, sha256 TEXT NOT NULL, storage_path TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX prescription_file_request ON prescription_file(request_id);

-- Insurer partnership (SPEC §9): medicines are generics or originals; a verified insured customer is in the
-- insured customer group (plan = multi-medication plan); the CHF 20 welcome voucher is used once per customer.
ALTER TABLE product ADD COLUMN medication_kind TEXT CHECK (medication_kind IN ('generic', 'original'));
CREATE TABLE customer_insurance (
  customer_id TEXT PRIMARY KEY REFERENCES customer(id) ON DELETE CASCADE, insurance_number TEXT NOT NULL,
  multi_medication_plan INTEGER NOT NULL DEFAULT 0, verified_at TEXT NOT NULL, welcome_voucher_order_id TEXT
);

-- Contest entries: one per email and contest.
CREATE TABLE contest_entry (
  id TEXT PRIMARY KEY, contest_key TEXT NOT NULL, email TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
  answer TEXT, language_id TEXT NOT NULL, customer_id TEXT, created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX contest_entry_email ON contest_entry(contest_key, email COLLATE NOCASE);

-- Swiss and Liechtenstein postal codes with a town and its coordinates, for the pharmacy finder.
CREATE TABLE postal_code_location (
  zipcode TEXT NOT NULL, city TEXT NOT NULL, country_iso TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,
  PRIMARY KEY (zipcode, city)
);
CREATE INDEX postal_code_location_city ON postal_code_location(city COLLATE NOCASE);
`,
  },
  {
    version: 7,
    name: 'insurer member directory',
    sql: `
-- The partner insurer's members as its verification service would answer (the embedded stand-in for that
-- service): an insurance number is accepted when it has the card format AND is listed here.
CREATE TABLE insurer_member (
  insurance_number TEXT PRIMARY KEY, multi_medication_plan INTEGER NOT NULL DEFAULT 0, valid_until TEXT
);
`,
  },
  {
    version: 8,
    name: 'loyalty card verification codes',
    sql: `
-- The verification code printed on a loyalty card, as an scrypt hash (never in clear): assigning a printed card
-- to an account needs it (issue 17). NULL: the card cannot be claimed online (a card applied for online
-- belongs to its applicant from the start).
ALTER TABLE loyalty_card ADD COLUMN verification_hash TEXT;
`,
  },
  {
    version: 9,
    name: 'shop settings (the company that bills, its account), mail attachments, bank credits',
    sql: `
-- Shopware's system_config: one JSON value per key (issue 19: the invoice's sender, UID/VAT number and the QR-bill's
-- creditor account; the shop's name per language, signed under its mails). The defaults are the pharmacy chain of
-- the imprint; an operator changes them here.
CREATE TABLE system_config (
  configuration_key TEXT PRIMARY KEY, configuration_value TEXT NOT NULL, updated_at TEXT
);
INSERT INTO system_config (configuration_key, configuration_value) VALUES
  ('PharmacyShop.billing.companyName', '"Edelweiss Apotheken AG"'),
  ('PharmacyShop.billing.street', '"Bahnhofstrasse"'),
  ('PharmacyShop.billing.buildingNumber', '"12"'),
  ('PharmacyShop.billing.zipcode', '"8001"'),
  ('PharmacyShop.billing.city', '"Zürich"'),
  ('PharmacyShop.billing.country', '"CH"'),
  ('PharmacyShop.billing.vatId', '"CHE-112.457.893 MWST"'),
  ('PharmacyShop.billing.qrIban', '"CH4431999123000889012"'),
  ('PharmacyShop.brand.shopName', '{"de":"Edelweiss Apotheke","it":"Farmacia Edelweiss","fr":"Pharmacie Edelweiss"}');
-- Mails may carry files made when they are sent (an invoice order's invoice with its QR-bill): JSON [{kind, documentId}].
ALTER TABLE mail_outbox ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
-- Credits read from the bank's camt.054 notifications (npm run payments -- import FILE), once each: the bank's
-- own reference of the entry makes a second import of the same file change nothing.
-- outcome: paid | partial | overpaid | unknown-reference | not-open | wrong-currency
CREATE TABLE bank_credit (
  id TEXT PRIMARY KEY, bank_reference TEXT NOT NULL UNIQUE, reference TEXT, amount REAL NOT NULL, currency TEXT NOT NULL,
  booked_at TEXT, order_id TEXT REFERENCES "order"(id) ON DELETE CASCADE, outcome TEXT NOT NULL, imported_at TEXT NOT NULL
);
CREATE INDEX bank_credit_order ON bank_credit(order_id);
`,
  },
  {
    version: 10,
    name: 'loyalty vouchers',
    sql: `
-- The CHF 5 vouchers a loyalty card's points turn into (SPEC §9, issue 19): voucher n of a card is issued once its
-- points reach n × 500 (UNIQUE (card_id, ordinal): issuing again writes nothing). Each is a single-use promotion
-- (max_uses 1) that only its customer may redeem; order_id is the order that redeemed it. The card's points stay
-- as collected: the points used for vouchers are ordinal × 500.
CREATE TABLE loyalty_voucher (
  id TEXT PRIMARY KEY, card_id TEXT NOT NULL REFERENCES loyalty_card(id) ON DELETE CASCADE, ordinal INTEGER NOT NULL,
  customer_id TEXT REFERENCES customer(id) ON DELETE SET NULL,
  promotion_id TEXT NOT NULL UNIQUE REFERENCES promotion(id), code TEXT NOT NULL UNIQUE COLLATE NOCASE,
  state TEXT NOT NULL CHECK (state IN ('issued', 'redeemed')), order_id TEXT REFERENCES "order"(id) ON DELETE SET NULL,
  issued_at TEXT NOT NULL, redeemed_at TEXT, UNIQUE (card_id, ordinal)
);
CREATE INDEX loyalty_voucher_customer ON loyalty_voucher(customer_id);
-- A promotion only its customer may redeem (Shopware: the promotion's persona customers). No foreign key: the
-- code stays refused for everyone else even after that customer is deleted.
ALTER TABLE promotion ADD COLUMN customer_id TEXT;
`,
  },
  {
    version: 11,
    name: 'customer group registration',
    sql: `
-- Shopware's customer group registration (SPEC §2 page type): a group with an active registration has a page of its
-- own whose form registers a customer REQUESTING the group; the customer stays in the shop's default group until
-- the shop accepts the request (customer.requested_customer_group_id, as Shopware's requestedGroupId).
ALTER TABLE customer_group ADD COLUMN registration_active INTEGER NOT NULL DEFAULT 0;
ALTER TABLE customer_group ADD COLUMN registration_only_company INTEGER NOT NULL DEFAULT 0;
ALTER TABLE customer_group_translation ADD COLUMN registration_title TEXT;
ALTER TABLE customer_group_translation ADD COLUMN registration_introduction TEXT;
ALTER TABLE customer_group_translation ADD COLUMN registration_seo_meta_description TEXT;
ALTER TABLE customer ADD COLUMN requested_customer_group_id TEXT REFERENCES customer_group(id);
`,
  },
];
