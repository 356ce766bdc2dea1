import type { Locale } from './languages';

// The texts the gateway itself answers to shoppers (errors as data of the cart, checkout and account
// mutations), in the shop's three languages. SPEC §8 "User-facing messages" gives the German wording
// where it has one; its 'Registration is not active!' is said in the page's language, with when to come back.

type Texts = Record<Locale, string>;

export const SHOP_ERROR_MESSAGES = {
  INVALID_INPUT: {
    de: 'Bitte überprüfen Sie Ihre Eingaben.',
    it: 'Si prega di verificare i dati inseriti.',
    fr: 'Veuillez vérifier vos saisies.',
  },
  PRODUCT_NOT_AVAILABLE: {
    de: 'Das Produkt ist zurzeit nicht verfügbar.',
    it: 'Il prodotto non è attualmente disponibile.',
    fr: 'Le produit n’est actuellement pas disponible.',
  },
  FULFILMENT_CONFLICT: {
    de: 'Click & Collect-Artikel und Artikel zur Lieferung können nicht zusammen bestellt werden. Möchten Sie den Warenkorb ersetzen?',
    it: 'Gli articoli Click & Collect e gli articoli da consegnare non possono essere ordinati insieme. Desidera sostituire il carrello?',
    fr: 'Les articles Click & Collect et les articles à livrer ne peuvent pas être commandés ensemble. Voulez-vous remplacer le panier ?',
  },
  PROMOTION_NOT_FOUND: {
    de: 'Der Aktionscode wurde nicht gefunden',
    it: 'Il codice promozionale non è stato trovato',
    fr: 'Le code promotionnel n’a pas été trouvé',
  },
  VOUCHER_NOT_OWN: {
    de: 'Dieser Gutschein gehört zu einem anderen Kundenkonto. Er kann nur dort eingelöst werden.',
    it: 'Questo buono appartiene a un altro conto cliente. Può essere utilizzato solo lì.',
    fr: 'Ce bon appartient à un autre compte client. Il ne peut être utilisé que dans ce compte.',
  },
  VOUCHER_LOGIN_REQUIRED: {
    de: 'Dieser Gutschein gehört zu einem Kundenkonto. Bitte melden Sie sich an, um ihn einzulösen.',
    it: 'Questo buono appartiene a un conto cliente. Si prega di accedere per utilizzarlo.',
    fr: 'Ce bon appartient à un compte client. Veuillez vous connecter pour l’utiliser.',
  },
  VOUCHER_REDEEMED: {
    de: 'Dieser Gutschein wurde bereits eingelöst.',
    it: 'Questo buono è già stato utilizzato.',
    fr: 'Ce bon a déjà été utilisé.',
  },
  PHARMACY_REQUIRED: {
    de: 'Keine Apotheke ausgewählt. Bitte wählen Sie eine Apotheke für Click & Collect.',
    it: 'Nessuna farmacia selezionata. Si prega di scegliere una farmacia per il Click & Collect.',
    fr: 'Aucune pharmacie sélectionnée. Veuillez choisir une pharmacie pour le Click & Collect.',
  },
  // The checkout page and its form post say the same (storefront checkout texts order.termsRequired, order.waiverRequired).
  TERMS_NOT_ACCEPTED: {
    de: 'Bitte akzeptieren Sie die AGB.',
    it: 'Accettate le condizioni generali.',
    fr: 'Veuillez accepter les CGV.',
  },
  DOWNLOAD_WAIVER_REQUIRED: {
    de: 'Bitte bestätigen Sie den Verzicht auf das Widerrufsrecht für digitale Inhalte.',
    it: 'Confermate la rinuncia al diritto di recesso per i contenuti digitali.',
    fr: 'Veuillez confirmer la renonciation au droit de rétractation pour les contenus numériques.',
  },
  INVOICE_ADDRESS_MISMATCH: {
    de: 'Die Zahlung auf Rechnung ist nicht möglich, wenn die Rechnungsadresse von der Lieferadresse abweicht.',
    it: 'Il pagamento contro fattura non è possibile se l’indirizzo di fatturazione è diverso dall’indirizzo di consegna.',
    fr: 'Le paiement sur facture n’est pas possible lorsque l’adresse de facturation diffère de l’adresse de livraison.',
  },
  CART_EMPTY: {
    de: 'Ihr Warenkorb ist leer.',
    it: 'Il carrello è vuoto.',
    fr: 'Votre panier est vide.',
  },
  CART_BLOCKED: {
    de: 'Die Bestellung kann so nicht abgeschlossen werden. Bitte prüfen Sie Ihren Warenkorb.',
    it: 'L’ordine non può essere completato così. Si prega di controllare il carrello.',
    fr: 'La commande ne peut pas être finalisée ainsi. Veuillez vérifier votre panier.',
  },
  NOT_LOGGED_IN: {
    de: 'Bitte melden Sie sich an oder bestellen Sie als Gast.',
    it: 'Si prega di accedere o di ordinare come ospite.',
    fr: 'Veuillez vous connecter ou commander en tant qu’invité.',
  },
  LOGIN_FAILED: {
    de: 'Ungültiger Benutzername oder Passwort',
    it: 'Nome utente o password non validi',
    fr: 'Nom d’utilisateur ou mot de passe invalide',
  },
  ACCOUNT_NOT_CONFIRMED: {
    de: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Öffnen Sie dazu den Link in der E-Mail, die wir Ihnen nach der Registrierung gesendet haben.',
    it: 'Si prega di confermare prima il vostro indirizzo e-mail, aprendo il link nell’e-mail che vi abbiamo inviato dopo la registrazione.',
    fr: 'Veuillez d’abord confirmer votre adresse e-mail en ouvrant le lien de l’e-mail que nous vous avons envoyé après l’inscription.',
  },
  EMAIL_IN_USE: {
    de: 'Diese E-Mail-Adresse wird bereits verwendet.',
    it: 'Questo indirizzo e-mail è già in uso.',
    fr: 'Cette adresse e-mail est déjà utilisée.',
  },
  REGISTRATION_INACTIVE: {
    de: 'Die Registrierung ist zurzeit nicht aktiv. Bitte versuchen Sie es später erneut.',
    it: 'La registrazione non è attualmente attiva. Si prega di riprovare più tardi.',
    fr: 'L’inscription n’est pas active pour le moment. Veuillez réessayer plus tard.',
  },
  ORDER_NOT_FOUND: {
    de: 'Die Bestellung wurde nicht gefunden.',
    it: 'L’ordine non è stato trovato.',
    fr: 'La commande est introuvable.',
  },
  PAYMENT_NOT_CHANGEABLE: {
    de: 'Die Zahlung dieser Bestellung kann nicht mehr geändert werden.',
    it: 'Il pagamento di questo ordine non può più essere modificato.',
    fr: 'Le paiement de cette commande ne peut plus être modifié.',
  },
  ORDER_NOT_CANCELLABLE: {
    de: 'Diese Bestellung kann nicht mehr storniert werden.',
    it: 'Questo ordine non può più essere annullato.',
    fr: 'Cette commande ne peut plus être annulée.',
  },
  PASSWORDS_DO_NOT_MATCH: {
    de: 'Die Passwörter stimmen nicht überein',
    it: 'Le password non corrispondono',
    fr: 'Les mots de passe ne correspondent pas',
  },
  CARD_NUMBER_INVALID: {
    de: 'Die Kartennummer ist ungültig',
    it: 'Il numero della carta non è valido',
    fr: 'Le numéro de carte n’est pas valide',
  },
  CARD_NOT_VERIFIED: {
    de: 'Die Kartennummer oder der Prüfcode ist falsch.',
    it: 'Il numero della carta o il codice di verifica non è corretto.',
    fr: 'Le numéro de carte ou le code de vérification est incorrect.',
  },
  CUSTOMER_NOT_FOUND: {
    de: 'Zu dieser E-Mail-Adresse wurde kein Kunde gefunden.',
    it: 'Nessun cliente trovato per l’indirizzo e-mail inserito.',
    fr: 'Aucun client n’a été trouvé pour l’adresse e-mail saisie.',
  },
  LINK_INVALID: {
    de: 'Der Link ist ungültig oder abgelaufen.',
    it: 'Il link non è valido o è scaduto.',
    fr: 'Le lien n’est pas valide ou a expiré.',
  },
  ADDRESS_IN_USE: {
    de: 'Eine Standardadresse oder eine aktive Adresse kann nicht gelöscht werden.',
    it: 'Un indirizzo predefinito o attivo non può essere eliminato.',
    fr: 'Une adresse par défaut ou active ne peut pas être supprimée.',
  },
  TOO_MANY_ATTEMPTS: {
    de: 'Zu viele Versuche. Bitte versuchen Sie es in {seconds} Sekunden erneut.',
    it: 'Troppi tentativi. Si prega di riprovare tra {seconds} secondi.',
    fr: 'Trop de tentatives. Veuillez réessayer dans {seconds} secondes.',
  },
  TOO_MANY_ORDERS: {
    de: 'Von dieser Verbindung oder mit dieser E-Mail-Adresse wurden in kurzer Zeit zu viele Gastbestellungen aufgegeben. Bitte versuchen Sie es in {minutes} Min. erneut.',
    it: 'Da questa connessione o con questo indirizzo e-mail sono stati effettuati troppi ordini come ospite in poco tempo. Si prega di riprovare tra {minutes} min.',
    fr: 'Trop de commandes en tant qu’invité ont été passées en peu de temps depuis cette connexion ou avec cette adresse e-mail. Veuillez réessayer dans {minutes} min.',
  },
  WRONG_PASSWORD: {
    de: 'Das aktuelle Passwort ist falsch.',
    it: 'La password attuale non è corretta.',
    fr: 'Le mot de passe actuel est incorrect.',
  },
  NEWSLETTER_FAILED: {
    de: 'Die Newsletter-Anmeldung konnte nicht ausgeführt werden. Bitte versuchen Sie es später erneut.',
    it: 'L’iscrizione alla newsletter non è stata possibile. Si prega di riprovare più tardi.',
    fr: 'L’inscription à la newsletter n’a pas pu être effectuée. Veuillez réessayer plus tard.',
  },
  UNAVAILABLE: {
    de: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    it: 'Si è verificato un errore. Si prega di riprovare più tardi.',
    fr: 'Une erreur s’est produite. Veuillez réessayer plus tard.',
  },
  // Content and health services (issue 7).
  POLL_ALREADY_VOTED: {
    de: 'Sie haben bei dieser Umfrage bereits abgestimmt.',
    it: 'Ha già votato a questo sondaggio.',
    fr: 'Vous avez déjà voté à ce sondage.',
  },
  CONTEST_ALREADY_ENTERED: {
    de: 'Mit dieser E-Mail-Adresse wurde bereits am Wettbewerb teilgenommen.',
    it: 'Con questo indirizzo e-mail si è già partecipato al concorso.',
    fr: 'Cette adresse e-mail a déjà participé au concours.',
  },
  CONTEST_CLOSED: {
    de: 'Der Wettbewerb ist beendet.',
    it: 'Il concorso è terminato.',
    fr: 'Le concours est terminé.',
  },
  UPLOAD_TYPE_NOT_ALLOWED: {
    de: 'Bitte laden Sie nur PDF- oder PNG-Dateien hoch.',
    it: 'Si prega di caricare solo file PDF o PNG.',
    fr: 'Veuillez télécharger uniquement des fichiers PDF ou PNG.',
  },
  UPLOAD_TOO_LARGE: {
    de: 'Die Datei ist zu gross (höchstens {max} MB).',
    it: 'Il file è troppo grande (al massimo {max} MB).',
    fr: 'Le fichier est trop volumineux ({max} Mo au maximum).',
  },
  UPLOAD_REQUIRED: {
    de: 'Bitte laden Sie Ihre Versichertenkarte und mindestens ein Rezept hoch.',
    it: 'Si prega di caricare la tessera d’assicurato e almeno una ricetta.',
    fr: 'Veuillez télécharger votre carte d’assuré et au moins une ordonnance.',
  },
  PICKUP_DATE_INVALID: {
    de: 'Bitte wählen Sie ein Abholdatum ab dem nächsten Werktag.',
    it: 'Si prega di scegliere una data di ritiro a partire dal prossimo giorno lavorativo.',
    fr: 'Veuillez choisir une date de retrait à partir du prochain jour ouvrable.',
  },
  PHARMACY_NOT_FOUND: {
    de: 'Die Apotheke wurde nicht gefunden.',
    it: 'La farmacia non è stata trovata.',
    fr: 'La pharmacie est introuvable.',
  },
  INSURANCE_NUMBER_INVALID: {
    de: 'Die Versichertennummer ist ungültig.',
    it: 'Il numero d’assicurato non è valido.',
    fr: 'Le numéro d’assuré n’est pas valable.',
  },
  // A Shopware without the shop plugin (ADR 0027): loyalty, pharmacies, prescriptions … are not offered.
  SERVICE_NOT_AVAILABLE: {
    de: 'Dieser Service ist in unserem Online-Shop zurzeit nicht verfügbar. Bitte wenden Sie sich an Ihre Apotheke.',
    it: 'Questo servizio non è attualmente disponibile nel nostro negozio online. Si prega di rivolgersi alla propria farmacia.',
    fr: 'Ce service n’est actuellement pas disponible dans notre boutique en ligne. Veuillez vous adresser à votre pharmacie.',
  },
  REVIEWS_CLOSED: {
    de: 'Bewertungen sind zurzeit nicht möglich. Bitte versuchen Sie es später erneut.',
    it: 'Al momento non è possibile scrivere recensioni. Si prega di riprovare più tardi.',
    fr: 'Les avis ne sont pas possibles pour le moment. Veuillez réessayer plus tard.',
  },
} as const satisfies Record<string, Texts>;

export type ShopErrorCode = keyof typeof SHOP_ERROR_MESSAGES;

/** What went wrong with one input field (the detail after "field - "), SPEC §5 wording. */
const FIELD_PROBLEMS = {
  required: { de: 'Der Wert ist erforderlich', it: 'Il valore è obbligatorio', fr: 'La valeur est obligatoire' },
  tooLong: {
    de: 'Der Wert ist zu lang (höchstens {max} Zeichen)',
    it: 'Il valore è troppo lungo (al massimo {max} caratteri)',
    fr: 'La valeur est trop longue ({max} caractères au maximum)',
  },
  tooShort: {
    de: 'Der Wert ist zu kurz (mindestens {min} Zeichen)',
    it: 'Il valore è troppo corto (almeno {min} caratteri)',
    fr: 'La valeur est trop courte ({min} caractères au minimum)',
  },
  email: {
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    it: 'Si prega di inserire un indirizzo e-mail valido',
    fr: 'Veuillez saisir une adresse e-mail valide',
  },
  zipcode: {
    de: 'Die Postleitzahl muss genau 4 Zeichen lang sein',
    it: 'Il codice postale deve essere lungo esattamente 4 caratteri',
    fr: 'Le code postal doit comporter exactement 4 caractères',
  },
  id: { de: 'Die Auswahl ist ungültig', it: 'La selezione non è valida', fr: 'La sélection n’est pas valide' },
  quantity: {
    de: 'Die Menge muss zwischen {min} und {max} liegen',
    it: 'La quantità deve essere compresa tra {min} e {max}',
    fr: 'La quantité doit être comprise entre {min} et {max}',
  },
  oneOf: {
    de: 'Bitte wählen Sie eine bestehende Adresse oder geben Sie eine neue ein',
    it: 'Si prega di scegliere un indirizzo esistente o di inserirne uno nuovo',
    fr: 'Veuillez choisir une adresse existante ou en saisir une nouvelle',
  },
  date: {
    de: 'Bitte geben Sie ein gültiges Datum ein (JJJJ-MM-TT)',
    it: 'Si prega di inserire una data valida (AAAA-MM-GG)',
    fr: 'Veuillez saisir une date valide (AAAA-MM-JJ)',
  },
  notEqual: {
    de: 'Die Werte stimmen nicht überein',
    it: 'I valori non corrispondono',
    fr: 'Les valeurs ne correspondent pas',
  },
  tooMany: {
    de: 'Höchstens {max} Einträge',
    it: 'Al massimo {max} voci',
    fr: '{max} entrées au maximum',
  },
  cardExists: {
    de: 'Sie haben bereits eine Kundenkarte',
    it: 'Possiede già una carta fedeltà',
    fr: 'Vous avez déjà une carte de fidélité',
  },
  stars: {
    de: 'Bitte wählen Sie 1 bis 5 Sterne',
    it: 'Si prega di scegliere da 1 a 5 stelle',
    fr: 'Veuillez choisir de 1 à 5 étoiles',
  },
  dataProtection: {
    de: 'Bitte akzeptieren Sie die Datenschutzbestimmungen',
    it: 'Si prega di accettare l’informativa sulla protezione dei dati',
    fr: 'Veuillez accepter la politique de protection des données',
  },
} as const satisfies Record<string, Texts>;

export type FieldProblem = keyof typeof FIELD_PROBLEMS;

/** Field names as the forms label them, for "field - detail" (SPEC §5). Keys are the last path segment. */
const FIELD_LABELS: Record<string, Texts> = {
  email: { de: 'E-Mail', it: 'E-mail', fr: 'E-mail' },
  password: { de: 'Passwort', it: 'Password', fr: 'Mot de passe' },
  salutationId: { de: 'Anrede', it: 'Appellativo', fr: 'Civilité' },
  firstName: { de: 'Vorname', it: 'Nome', fr: 'Prénom' },
  lastName: { de: 'Nachname', it: 'Cognome', fr: 'Nom' },
  company: { de: 'Firma', it: 'Azienda', fr: 'Entreprise' },
  street: { de: 'Strasse und Hausnummer', it: 'Via e numero civico', fr: 'Rue et numéro' },
  zipcode: { de: 'PLZ', it: 'NPA', fr: 'NPA' },
  city: { de: 'Ort', it: 'Località', fr: 'Localité' },
  countryId: { de: 'Land', it: 'Paese', fr: 'Pays' },
  countryStateId: { de: 'Kanton', it: 'Cantone', fr: 'Canton' },
  phoneNumber: { de: 'Telefon', it: 'Telefono', fr: 'Téléphone' },
  quantity: { de: 'Menge', it: 'Quantità', fr: 'Quantité' },
  code: { de: 'Aktionscode', it: 'Codice promozionale', fr: 'Code promotionnel' },
  customerComment: { de: 'Bemerkung', it: 'Osservazioni', fr: 'Remarque' },
  acceptedDataProtection: { de: 'Datenschutz', it: 'Protezione dei dati', fr: 'Protection des données' },
  acceptedTerms: { de: 'AGB', it: 'Condizioni generali', fr: 'Conditions générales' },
  productId: { de: 'Produkt', it: 'Prodotto', fr: 'Produit' },
  lineItemId: { de: 'Position', it: 'Posizione', fr: 'Position' },
  orderId: { de: 'Bestellung', it: 'Ordine', fr: 'Commande' },
  pharmacyId: { de: 'Apotheke', it: 'Farmacia', fr: 'Pharmacie' },
  paymentMethodId: { de: 'Zahlungsart', it: 'Metodo di pagamento', fr: 'Mode de paiement' },
  shippingMethodId: { de: 'Versandart', it: 'Metodo di spedizione', fr: 'Mode d’expédition' },
  addressId: { de: 'Adresse', it: 'Indirizzo', fr: 'Adresse' },
  billing: { de: 'Rechnungsadresse', it: 'Indirizzo di fatturazione', fr: 'Adresse de facturation' },
  shipping: { de: 'Lieferadresse', it: 'Indirizzo di consegna', fr: 'Adresse de livraison' },
  emailConfirmation: { de: 'E-Mail-Bestätigung', it: 'Conferma e-mail', fr: 'Confirmation de l’e-mail' },
  newPassword: { de: 'Neues Passwort', it: 'Nuova password', fr: 'Nouveau mot de passe' },
  newPasswordConfirm: { de: 'Passwort bestätigen', it: 'Conferma password', fr: 'Confirmer le mot de passe' },
  title: { de: 'Titel', it: 'Titolo', fr: 'Titre' },
  birthday: { de: 'Geburtsdatum', it: 'Data di nascita', fr: 'Date de naissance' },
  cardNumber: { de: 'Kartennummer', it: 'Numero della carta', fr: 'Numéro de carte' },
  verificationCode: { de: 'Prüfcode', it: 'Codice di verifica', fr: 'Code de vérification' },
  hash: { de: 'Link', it: 'Link', fr: 'Lien' },
  em: { de: 'Link', it: 'Link', fr: 'Lien' },
  productIds: { de: 'Produkte', it: 'Prodotti', fr: 'Produits' },
  phone: { de: 'Telefon', it: 'Telefono', fr: 'Téléphone' },
  subject: { de: 'Betreff', it: 'Oggetto', fr: 'Objet' },
  comment: { de: 'Mitteilung', it: 'Messaggio', fr: 'Message' },
  kind: { de: 'Art', it: 'Tipo', fr: 'Type' },
  points: { de: 'Sterne', it: 'Stelle', fr: 'Étoiles' },
  content: { de: 'Ihre Bewertung', it: 'La sua recensione', fr: 'Votre avis' },
  idempotencyKey: { de: 'Bestellschlüssel', it: 'Chiave dell’ordine', fr: 'Clé de commande' },
};

function fieldLabel(locale: Locale, field: string): string {
  const last = field.split('.').pop() ?? field;
  return FIELD_LABELS[last]?.[locale] ?? last;
}

function fill(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

export function shopErrorMessage(locale: Locale, code: ShopErrorCode, params?: Record<string, unknown>): string {
  return fill(SHOP_ERROR_MESSAGES[code][locale], params);
}

/**
 * The gateway's rate limits (plugins/rate-limits.ts) refuse a whole request, so this is a GraphQL error
 * (code RATE_LIMITED), not a ShopError. "Min." avoids singular/plural forms.
 */
const RATE_LIMITED_MESSAGES: Texts = {
  de: 'Zu viele Anfragen. Bitte versuchen Sie es in {minutes} Min. erneut.',
  it: 'Troppe richieste. Si prega di riprovare tra {minutes} min.',
  fr: 'Trop de requêtes. Veuillez réessayer dans {minutes} min.',
};

export function rateLimitedMessage(locale: Locale, retryAfterSeconds: number): string {
  return fill(RATE_LIMITED_MESSAGES[locale], { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
}

/** "Vorname - Der Wert ist erforderlich": the field's label, ' - ', and the detail (SPEC §5). */
export function fieldMessage(locale: Locale, field: string, detail: string): string {
  return `${fieldLabel(locale, field)} - ${detail}`;
}

export function fieldProblemText(locale: Locale, problem: FieldProblem, params?: Record<string, unknown>): string {
  return fill(FIELD_PROBLEMS[problem][locale], params);
}

/**
 * Shopware's cart error messageKeys (and the shop's own) in the shop's languages. Parameters come from the
 * error itself (name, quantity, promotionCode, …). Unknown keys keep the Store API's own (English) text.
 */
const CART_ERROR_MESSAGES: Record<string, Texts> = {
  'promotion-not-found': SHOP_ERROR_MESSAGES.PROMOTION_NOT_FOUND,
  'promotion-not-own': SHOP_ERROR_MESSAGES.VOUCHER_NOT_OWN,
  'promotion-redeemed': SHOP_ERROR_MESSAGES.VOUCHER_REDEEMED,
  'promotion-discount-added': {
    de: 'Der Aktionscode {promotionCode} wurde eingelöst.',
    it: 'Il codice promozionale {promotionCode} è stato applicato.',
    fr: 'Le code promotionnel {promotionCode} a été appliqué.',
  },
  'promotion-login-required': SHOP_ERROR_MESSAGES.VOUCHER_LOGIN_REQUIRED,
  // a code below its minimum is kept and waits: one message, never "eingelöst" beside it
  'promotion-not-eligible': {
    de: 'Die Bedingungen für den Aktionscode {promotionCode} sind noch nicht erfüllt. Er wird angewendet, sobald sie erfüllt sind.',
    it: 'Le condizioni per il codice promozionale {promotionCode} non sono ancora soddisfatte. Sarà applicato non appena lo saranno.',
    fr: 'Les conditions du code promotionnel {promotionCode} ne sont pas encore remplies. Il sera appliqué dès qu’elles le seront.',
  },
  'promotion-below-minimum': {
    de: 'Der Aktionscode {promotionCode} gilt ab einem Bestellwert von {minimum}. Er wird angewendet, sobald der Mindestbestellwert erreicht ist.',
    it: 'Il codice promozionale {promotionCode} è valido a partire da un valore d’ordine di {minimum}. Sarà applicato non appena verrà raggiunto il valore minimo d’ordine.',
    fr: 'Le code promotionnel {promotionCode} est valable dès une valeur de commande de {minimum}. Il sera appliqué dès que la valeur minimale de commande sera atteinte.',
  },
  'product-not-found': SHOP_ERROR_MESSAGES.PRODUCT_NOT_AVAILABLE,
  'product-not-available': SHOP_ERROR_MESSAGES.PRODUCT_NOT_AVAILABLE,
  'product-stock-reached': {
    de: 'Das Produkt {name} ist nur noch {quantity} Mal verfügbar.',
    it: 'Il prodotto {name} è disponibile solo {quantity} volte.',
    fr: 'Le produit {name} n’est plus disponible qu’en {quantity} exemplaire(s).',
  },
  'max-purchase-reached': {
    de: 'Von {name} können höchstens {quantity} Stück pro Bestellung gekauft werden. Die Menge wurde auf {quantity} angepasst.',
    it: 'Di {name} si possono acquistare al massimo {quantity} pezzi per ordine. La quantità è stata adattata a {quantity}.',
    fr: 'Vous pouvez acheter au maximum {quantity} pièces de {name} par commande. La quantité a été adaptée à {quantity}.',
  },
  'product-out-of-stock': {
    de: 'Das Produkt {name} ist ausverkauft und wurde aus dem Warenkorb entfernt.',
    it: 'Il prodotto {name} è esaurito ed è stato rimosso dal carrello.',
    fr: 'Le produit {name} est épuisé et a été retiré du panier.',
  },
  'min-order-quantity': {
    de: 'Die Menge von {name} wurde auf die Mindestbestellmenge von {quantity} erhöht.',
    it: 'La quantità di {name} è stata aumentata alla quantità minima d’ordine di {quantity}.',
    fr: 'La quantité de {name} a été portée à la quantité minimale de commande de {quantity}.',
  },
  'purchase-steps-quantity': {
    de: 'Die Menge von {name} wurde an die Verpackungseinheit angepasst.',
    it: 'La quantità di {name} è stata adattata all’unità di imballaggio.',
    fr: 'La quantité de {name} a été adaptée à l’unité d’emballage.',
  },
  'pharmacy-required': SHOP_ERROR_MESSAGES.PHARMACY_REQUIRED,
  'payment-method-blocked': SHOP_ERROR_MESSAGES.INVOICE_ADDRESS_MISMATCH,
  'shipping-method-blocked': {
    de: 'Die Versandart {name} ist nicht verfügbar.',
    it: 'Il metodo di spedizione {name} non è disponibile.',
    fr: 'Le mode d’expédition {name} n’est pas disponible.',
  },
  'fulfilment-conflict': SHOP_ERROR_MESSAGES.FULFILMENT_CONFLICT,
};

/** "CHF 30.00" / "30.00 CHF" as the storefront writes amounts (the gateway runs on the server only). */
function chf(locale: Locale, amount: number): string {
  return new Intl.NumberFormat(`${locale}-CH`, { style: 'currency', currency: 'CHF' }).format(amount);
}

/** The text an error stands for: the shop's own detail (a minimum, a maximum per order) where the Store API gives it. */
function cartErrorTexts(error: { messageKey: string; [parameter: string]: unknown }): Texts | undefined {
  if (error.messageKey === 'promotion-not-eligible' && typeof error.minOrderValue === 'number') return CART_ERROR_MESSAGES['promotion-below-minimum'];
  if (error.messageKey === 'product-stock-reached' && error.reason === 'max-purchase') return CART_ERROR_MESSAGES['max-purchase-reached'];
  return CART_ERROR_MESSAGES[error.messageKey];
}

export function cartErrorMessage(locale: Locale, error: { messageKey: string; message?: string; [parameter: string]: unknown }): string {
  const texts = cartErrorTexts(error);
  if (error.messageKey === 'payment-method-blocked' && error.reason !== undefined && error.reason !== 'billing-address-differs') {
    return error.message ?? SHOP_ERROR_MESSAGES.UNAVAILABLE[locale];
  }
  if (!texts) return error.message || SHOP_ERROR_MESSAGES.UNAVAILABLE[locale];
  const text = fill(texts[locale], typeof error.minOrderValue === 'number' ? { ...error, minimum: chf(locale, error.minOrderValue) } : error);
  // a parameter the error did not carry: better the Store API's own sentence than a "{name}" on screen
  return /\{\w+\}/.test(text) && error.message ? error.message : text;
}
