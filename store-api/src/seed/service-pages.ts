import { stableId } from '../ids';
import type { MediaLibrary } from './media-images';
import { seedDate } from './reference-data';
import { tr, type TableWriter, type Tr } from './table-writer';

// The fetched content pages under /s/… (customer service, contact, about us, career): articles of type 'content'.
// Their slugs are the footer's paths without "/s/" (storefront/platform/i18n/contentPages.ts SERVICE_PAGES).

const PHONE = '0800 100 200';
const PHONE_LINK = 'tel:+41800100200';
const EMAIL = 'service@edelweiss-apotheke.ch';

interface ServicePagePlan {
  key: 'service' | 'contact' | 'about' | 'career';
  slug: Tr;
  title: Tr;
  teaser: Tr;
  body: Tr;
  keywords: Tr;
}

const HOURS = tr(
  '<ul><li>Montag bis Freitag: 8.00 bis 18.00 Uhr</li><li>Samstag: 8.00 bis 12.00 Uhr</li><li>Sonntag und allgemeine Feiertage: geschlossen</li></ul>',
  '<ul><li>Dal lunedì al venerdì: dalle 8.00 alle 18.00</li><li>Sabato: dalle 8.00 alle 12.00</li><li>Domenica e giorni festivi: chiuso</li></ul>',
  '<ul><li>Du lundi au vendredi : de 8 h 00 à 18 h 00</li><li>Samedi : de 8 h 00 à 12 h 00</li><li>Dimanche et jours fériés : fermé</li></ul>',
);

const REACH = tr(
  `<p>Telefon: <a href="${PHONE_LINK}">${PHONE}</a> (gebührenfrei aus der Schweiz und Liechtenstein)<br>E-Mail: <a href="mailto:${EMAIL}">${EMAIL}</a></p>`,
  `<p>Telefono: <a href="${PHONE_LINK}">${PHONE}</a> (gratuito dalla Svizzera e dal Liechtenstein)<br>E-mail: <a href="mailto:${EMAIL}">${EMAIL}</a></p>`,
  `<p>Téléphone : <a href="${PHONE_LINK}">${PHONE}</a> (gratuit depuis la Suisse et le Liechtenstein)<br>E-mail : <a href="mailto:${EMAIL}">${EMAIL}</a></p>`,
);

const PAGES: ServicePagePlan[] = [
  {
    key: 'service',
    slug: tr('kundenservice', 'servizio-clienti', 'service-clients'),
    title: tr('Kundenservice', 'Servizio clienti', 'Service clients'),
    teaser: tr(
      'Unser Team aus Apothekerinnen, Apothekern und Fachleuten hilft Ihnen bei Fragen zu Bestellung, Lieferung und Produkten.',
      'Il nostro team di farmacisti ed esperti vi aiuta per domande su ordini, consegne e prodotti.',
      'Notre équipe de pharmaciennes, pharmaciens et spécialistes répond à vos questions sur les commandes, la livraison et les produits.',
    ),
    keywords: tr('Kundenservice, Hilfe, Beratung, Bestellung', 'servizio clienti, aiuto, consulenza, ordine', 'service clients, aide, conseil, commande'),
    body: tr(
      `<h2>So erreichen Sie uns</h2>${REACH.de}<h3>Servicezeiten</h3>${HOURS.de}` +
        '<h2>Häufige Anliegen</h2><ul><li><strong>Bestellung und Lieferung:</strong> Bestellungen, die bis 16.00 Uhr eingehen, verlassen unser Lager am selben Tag; rund 95 % kommen am nächsten Werktag an. Der Versand kostet CHF 7.70 bis 4 kg, jedes weitere Kilogramm CHF 1.50.</li>' +
        '<li><strong>Click &amp; Collect:</strong> Sie holen Ihre Bestellung in der gewählten Apotheke ab. Gewisse Arzneimittel geben wir nach dem Heilmittelgesetz nur so ab.</li>' +
        '<li><strong>Rücksendungen:</strong> Ungeöffnete Artikel in der Originalverpackung können Sie innerhalb von 14 Tagen zurücksenden. Arzneimittel, Nahrungsergänzungsmittel und hygienisch heikle Artikel sind vom Umtausch ausgeschlossen.</li>' +
        '<li><strong>Rezepte:</strong> Verschreibungspflichtige Medikamente liefern wir 2 bis 3 Tage nach Eingang Ihres Rezepts.</li></ul>' +
        '<p>Für eine persönliche Beratung zu Medikamenten und Wechselwirkungen ist unser pharmazeutisches Team während der Servicezeiten am Telefon für Sie da. In Notfällen wenden Sie sich bitte an Ihre Ärztin, Ihren Arzt oder die Notrufnummer 144.</p>',
      `<h2>Come contattarci</h2>${REACH.it}<h3>Orari del servizio</h3>${HOURS.it}` +
        '<h2>Richieste frequenti</h2><ul><li><strong>Ordine e consegna:</strong> gli ordini ricevuti entro le 16.00 lasciano il nostro magazzino lo stesso giorno; circa il 95 % arriva il giorno lavorativo successivo. La spedizione costa CHF 7.70 fino a 4 kg, ogni chilogrammo in più CHF 1.50.</li>' +
        '<li><strong>Click &amp; Collect:</strong> ritirate l’ordine nella farmacia scelta. Alcuni medicamenti, secondo la legge sugli agenti terapeutici, sono dispensati solo in questo modo.</li>' +
        '<li><strong>Resi:</strong> gli articoli non aperti e nella confezione originale possono essere rispediti entro 14 giorni. Medicamenti, integratori alimentari e articoli delicati dal punto di vista igienico sono esclusi dal reso.</li>' +
        '<li><strong>Ricette:</strong> consegniamo i medicamenti soggetti a prescrizione 2–3 giorni dopo aver ricevuto la vostra ricetta.</li></ul>' +
        '<p>Per una consulenza personale su medicamenti e interazioni il nostro team farmaceutico è a vostra disposizione al telefono durante gli orari del servizio. In caso di emergenza rivolgetevi al vostro medico o al numero d’emergenza 144.</p>',
      `<h2>Comment nous joindre</h2>${REACH.fr}<h3>Heures de service</h3>${HOURS.fr}` +
        '<h2>Demandes fréquentes</h2><ul><li><strong>Commande et livraison :</strong> les commandes reçues avant 16 h 00 quittent notre entrepôt le jour même ; environ 95 % arrivent le jour ouvrable suivant. L’envoi coûte CHF 7.70 jusqu’à 4 kg, puis CHF 1.50 par kilogramme supplémentaire.</li>' +
        '<li><strong>Click &amp; Collect :</strong> vous retirez votre commande dans la pharmacie choisie. Selon la loi sur les produits thérapeutiques, certains médicaments ne sont remis que de cette façon.</li>' +
        '<li><strong>Retours :</strong> les articles non ouverts et dans leur emballage d’origine peuvent être renvoyés dans les 14 jours. Les médicaments, compléments alimentaires et articles sensibles sur le plan de l’hygiène sont exclus.</li>' +
        '<li><strong>Ordonnances :</strong> nous livrons les médicaments soumis à ordonnance 2 à 3 jours après réception de votre ordonnance.</li></ul>' +
        '<p>Pour un conseil personnel sur les médicaments et leurs interactions, notre équipe pharmaceutique est à votre disposition par téléphone pendant les heures de service. En cas d’urgence, adressez-vous à votre médecin ou au numéro d’urgence 144.</p>',
    ),
  },
  {
    key: 'contact',
    slug: tr('kontakt', 'contatto', 'contact'),
    title: tr('Kontakt', 'Contatto', 'Contact'),
    teaser: tr(
      'Schreiben Sie uns: Wir antworten in der Regel innerhalb eines Werktags.',
      'Scriveteci: di regola rispondiamo entro un giorno lavorativo.',
      'Écrivez-nous : nous répondons en général dans un délai d’un jour ouvrable.',
    ),
    keywords: tr('Kontakt, Kontaktformular, Telefon, E-Mail', 'contatto, modulo di contatto, telefono, e-mail', 'contact, formulaire de contact, téléphone, e-mail'),
    body: tr(
      `<p>Haben Sie eine Frage zu Ihrer Bestellung, zu einem Produkt oder zu unseren Dienstleistungen? Nutzen Sie das Formular unten oder melden Sie sich direkt bei uns.</p>${REACH.de}<h3>Servicezeiten</h3>${HOURS.de}` +
        '<p>Bitte senden Sie uns über das Formular keine Rezepte und keine Gesundheitsdaten, die wir für die Beantwortung nicht brauchen. Rezepte laden Sie sicher auf der Seite «Medikamente» hoch.</p>',
      `<p>Avete una domanda sul vostro ordine, su un prodotto o sui nostri servizi? Usate il modulo qui sotto oppure contattateci direttamente.</p>${REACH.it}<h3>Orari del servizio</h3>${HOURS.it}` +
        '<p>Vi preghiamo di non inviarci tramite il modulo ricette o dati sanitari che non ci servono per rispondere. Le ricette si caricano in modo sicuro alla pagina «Medicinali».</p>',
      `<p>Vous avez une question sur votre commande, un produit ou nos services ? Utilisez le formulaire ci-dessous ou contactez-nous directement.</p>${REACH.fr}<h3>Heures de service</h3>${HOURS.fr}` +
        '<p>Merci de ne pas nous envoyer par ce formulaire d’ordonnances ni de données de santé dont nous n’avons pas besoin pour répondre. Les ordonnances se téléchargent en toute sécurité sur la page « Médicaments ».</p>',
    ),
  },
  {
    key: 'about',
    slug: tr('ueber-uns', 'chi-siamo', 'a-propos'),
    title: tr('Über uns', 'Chi siamo', 'À propos'),
    teaser: tr(
      'Ihre Schweizer Online-Apotheke: geprüfte Qualität, persönliche Beratung und schnelle Lieferung in der ganzen Schweiz und in Liechtenstein.',
      'La vostra farmacia online svizzera: qualità controllata, consulenza personale e consegna rapida in tutta la Svizzera e nel Liechtenstein.',
      'Votre pharmacie en ligne suisse : qualité contrôlée, conseil personnel et livraison rapide dans toute la Suisse et au Liechtenstein.',
    ),
    keywords: tr('Über uns, Online-Apotheke, Schweiz', 'chi siamo, farmacia online, Svizzera', 'à propos, pharmacie en ligne, Suisse'),
    body: tr(
      '<h2>Gesundheit aus einer Hand</h2><p>Wir verbinden den Onlineshop mit einem Netz von Apotheken in der ganzen Schweiz. Sie bestellen bequem von zu Hause aus und lassen sich liefern – oder holen Ihre Bestellung mit Click &amp; Collect in einer Apotheke in Ihrer Nähe ab.</p>' +
        '<h2>Wofür wir stehen</h2><ul><li><strong>Fachliche Beratung:</strong> Apothekerinnen und Apotheker mit eidgenössischem Diplom beantworten Ihre Fragen.</li><li><strong>Geprüfte Qualität:</strong> Unsere Arzneimittel stammen aus dem regulären Schweizer Handel und werden fachgerecht gelagert.</li><li><strong>Schnelle Lieferung:</strong> Bestellungen bis 16.00 Uhr verlassen unser Lager am selben Tag.</li><li><strong>Datenschutz:</strong> Gesundheitsdaten behandeln wir vertraulich und nur so lange wie nötig.</li></ul>' +
        '<p>Das Sortiment umfasst Arzneimittel, Nahrungsergänzungsmittel, Pflege- und Babyprodukte. Mit Versicherungspartnern bieten wir Versicherten besondere Konditionen auf Generika und Originalpräparate.</p>',
      '<h2>La salute da un unico partner</h2><p>Uniamo il negozio online a una rete di farmacie in tutta la Svizzera. Ordinate comodamente da casa e ricevete la consegna, oppure ritirate l’ordine con Click &amp; Collect in una farmacia vicino a voi.</p>' +
        '<h2>I nostri valori</h2><ul><li><strong>Consulenza professionale:</strong> farmacisti con diploma federale rispondono alle vostre domande.</li><li><strong>Qualità controllata:</strong> i nostri medicamenti provengono dal commercio svizzero regolare e sono conservati a regola d’arte.</li><li><strong>Consegna rapida:</strong> gli ordini entro le 16.00 lasciano il magazzino lo stesso giorno.</li><li><strong>Protezione dei dati:</strong> trattiamo i dati sanitari in modo confidenziale e solo per il tempo necessario.</li></ul>' +
        '<p>L’assortimento comprende medicamenti, integratori alimentari, prodotti per la cura del corpo e per neonati. Con partner assicurativi offriamo agli assicurati condizioni speciali su generici e preparati originali.</p>',
      '<h2>La santé en un seul lieu</h2><p>Nous associons la boutique en ligne à un réseau de pharmacies dans toute la Suisse. Commandez confortablement depuis chez vous et faites-vous livrer, ou retirez votre commande en Click &amp; Collect dans une pharmacie près de chez vous.</p>' +
        '<h2>Nos engagements</h2><ul><li><strong>Conseil professionnel :</strong> des pharmaciennes et pharmaciens titulaires du diplôme fédéral répondent à vos questions.</li><li><strong>Qualité contrôlée :</strong> nos médicaments proviennent du commerce suisse régulier et sont stockés dans les règles de l’art.</li><li><strong>Livraison rapide :</strong> les commandes passées avant 16 h 00 quittent notre entrepôt le jour même.</li><li><strong>Protection des données :</strong> nous traitons les données de santé de façon confidentielle et seulement aussi longtemps que nécessaire.</li></ul>' +
        '<p>L’assortiment comprend des médicaments, des compléments alimentaires, des produits de soin et pour bébés. Avec des partenaires d’assurance, nous offrons aux assurés des conditions particulières sur les génériques et les préparations originales.</p>',
    ),
  },
  {
    key: 'career',
    slug: tr('karriere', 'carriera', 'carriere'),
    title: tr('Karriere', 'Carriera', 'Carrière'),
    teaser: tr(
      'Arbeiten Sie mit uns an der Apotheke von morgen – in der Offizin, im Versand oder in der Informatik.',
      'Lavorate con noi alla farmacia di domani: in farmacia, nella logistica o nell’informatica.',
      'Construisez avec nous la pharmacie de demain : en officine, à l’expédition ou en informatique.',
    ),
    keywords: tr('Karriere, Stellen, Jobs, Apotheke', 'carriera, posti di lavoro, farmacia', 'carrière, emplois, postes, pharmacie'),
    body: tr(
      '<h2>Ihre Aufgabe bei uns</h2><p>Wir suchen regelmässig Menschen, die Gesundheit mit Herz und Fachwissen vermitteln:</p><ul><li>Apothekerinnen und Apotheker für die telefonische und schriftliche Beratung</li><li>Pharma-Assistentinnen und Pharma-Assistenten für die Offizin und den Versand</li><li>Fachleute Logistik für unser Versandlager</li><li>Entwicklerinnen und Entwickler für unseren Onlineshop</li></ul>' +
        '<h2>Was wir bieten</h2><ul><li>Moderne Arbeitsplätze und Weiterbildung</li><li>Teilzeit nach Absprache</li><li>Personalrabatt auf das ganze Sortiment</li></ul>' +
        `<p>Senden Sie Ihre Bewerbung mit Lebenslauf und Zeugnissen an <a href="mailto:${EMAIL}">${EMAIL}</a>. Wir melden uns innerhalb von zwei Wochen.</p>`,
      '<h2>Il vostro compito da noi</h2><p>Cerchiamo regolarmente persone che trasmettano salute con passione e competenza:</p><ul><li>Farmaciste e farmacisti per la consulenza telefonica e scritta</li><li>Assistenti di farmacia per la farmacia e la spedizione</li><li>Specialisti in logistica per il nostro magazzino</li><li>Sviluppatrici e sviluppatori per il nostro negozio online</li></ul>' +
        '<h2>Cosa offriamo</h2><ul><li>Posti di lavoro moderni e formazione continua</li><li>Tempo parziale su accordo</li><li>Sconto per il personale su tutto l’assortimento</li></ul>' +
        `<p>Inviate la vostra candidatura con curriculum e certificati a <a href="mailto:${EMAIL}">${EMAIL}</a>. Vi risponderemo entro due settimane.</p>`,
      '<h2>Votre mission chez nous</h2><p>Nous recherchons régulièrement des personnes qui transmettent la santé avec cœur et compétence :</p><ul><li>Pharmaciennes et pharmaciens pour le conseil par téléphone et par écrit</li><li>Assistantes et assistants en pharmacie pour l’officine et l’expédition</li><li>Spécialistes en logistique pour notre entrepôt</li><li>Développeuses et développeurs pour notre boutique en ligne</li></ul>' +
        '<h2>Ce que nous offrons</h2><ul><li>Des postes de travail modernes et de la formation continue</li><li>Temps partiel sur demande</li><li>Rabais du personnel sur tout l’assortiment</li></ul>' +
        `<p>Envoyez votre candidature avec CV et certificats à <a href="mailto:${EMAIL}">${EMAIL}</a>. Nous vous répondons dans les deux semaines.</p>`,
    ),
  },
];

export function seedServicePages(w: TableWriter, media: MediaLibrary): void {
  void media; // the service pages carry no image
  PAGES.forEach((page, index) => {
    const id = stableId('article', page.key);
    w.insert('article', { id, type: 'content', media_id: null, published_at: seedDate(400 + index), product_ids: [] });
    w.translations('article_translation', { article_id: id }, (l) => ({
      slug: page.slug[l],
      title: page.title[l],
      teaser: page.teaser[l],
      body: page.body[l],
      category: null,
      keywords: page.keywords[l],
      meta_title: page.title[l],
      meta_description: page.teaser[l],
      faq: [],
      poll: null,
      quote: null,
      fact: null,
    }));
  });
}
