import type { Tr } from './table-writer';

// The body of each magazine, editorial and topic article in German, Italian and French, written for
// its own title (general advice as a pharmacy gives it; never a substitute for a consultation).

const list = (items: string[], ordered = false) => {
  const tag = ordered ? 'ol' : 'ul';
  return `<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`;
};

export const ARTICLE_BODIES: Record<string, Tr> = {
  'cold-tips': {
    de: '<p>Eine Erkältung dauert meist sieben bis zehn Tage. Heilen lässt sie sich nicht schneller, aber diese zehn Tipps lindern die Beschwerden und helfen, andere nicht anzustecken.</p>' +
      list([
        'Viel trinken: Wasser, warme Kräutertees oder Bouillon halten die Schleimhäute feucht.',
        'Schlafen und sich schonen: Der Körper braucht seine Energie für die Abwehr.',
        'Regelmässig die Hände waschen, vor allem nach dem Naseputzen.',
        'In die Armbeuge niesen und husten, nicht in die Hand.',
        'Einwegtaschentücher nach einmaligem Gebrauch entsorgen.',
        'Räume mehrmals täglich kurz lüften und die Luft nicht zu trocken werden lassen.',
        'Die Nase mit Meerwasserspray oder einer Nasenspülung befeuchten.',
        'Bei Halsschmerzen Lutschtabletten oder Gurgeln mit Salbeitee versuchen.',
        'Abschwellende Nasensprays höchstens sieben Tage anwenden.',
        'Bei hohem Fieber, Atemnot oder Beschwerden über zehn Tage ärztlichen Rat einholen.',
      ], true),
    it: '<p>Un raffreddore dura di solito da sette a dieci giorni. Non si può guarire più in fretta, ma questi dieci consigli alleviano i disturbi e aiutano a non contagiare gli altri.</p>' +
      list([
        'Bere molto: acqua, tisane calde o brodo mantengono umide le mucose.',
        'Dormire e riposare: il corpo ha bisogno di energia per difendersi.',
        'Lavarsi spesso le mani, soprattutto dopo essersi soffiati il naso.',
        'Starnutire e tossire nell’incavo del gomito, non nella mano.',
        'Gettare i fazzoletti di carta dopo un solo uso.',
        'Arieggiare brevemente più volte al giorno e non lasciare l’aria troppo secca.',
        'Inumidire il naso con uno spray all’acqua di mare o un lavaggio nasale.',
        'Per il mal di gola provare pastiglie o gargarismi con tè alla salvia.',
        'Usare gli spray nasali decongestionanti al massimo per sette giorni.',
        'In caso di febbre alta, difficoltà respiratorie o disturbi oltre dieci giorni consultare il medico.',
      ], true),
    fr: '<p>Un rhume dure en général sept à dix jours. On ne peut pas guérir plus vite, mais ces dix conseils soulagent les symptômes et évitent de contaminer les autres.</p>' +
      list([
        'Boire beaucoup : eau, tisanes chaudes ou bouillon gardent les muqueuses humides.',
        'Dormir et se ménager : le corps a besoin de son énergie pour se défendre.',
        'Se laver souvent les mains, surtout après s’être mouché.',
        'Éternuer et tousser dans le pli du coude, pas dans la main.',
        'Jeter les mouchoirs en papier après un seul usage.',
        'Aérer brièvement plusieurs fois par jour sans laisser l’air devenir trop sec.',
        'Humidifier le nez avec un spray d’eau de mer ou un lavage nasal.',
        'En cas de mal de gorge, essayer des pastilles ou des gargarismes à la sauge.',
        'Utiliser les sprays nasaux décongestionnants sept jours au maximum.',
        'En cas de forte fièvre, de difficultés à respirer ou de symptômes au-delà de dix jours, consulter un médecin.',
      ], true),
  },
  'vitamin-d-winter': {
    de: '<p>Vitamin D bildet die Haut vor allem mit Sonnenlicht. Von Oktober bis März steht die Sonne in der Schweiz zu tief, und die Speicher leeren sich. Vitamin D ist wichtig für Knochen, Muskeln und das Immunsystem.</p><h3>Wer besonders betroffen ist</h3>' +
      list(['Säuglinge im ersten Lebensjahr', 'Ältere Menschen, deren Haut weniger Vitamin D bildet', 'Menschen, die selten draussen sind oder sich stark bedecken']) +
      '<h3>Was Sie tun können</h3><p>Das Bundesamt für Lebensmittelsicherheit und Veterinärwesen empfiehlt Erwachsenen 600 IE (15 µg) Vitamin D pro Tag, ab 60 Jahren 800 IE. Vitamin-D-Tropfen oder -Kapseln helfen im Winter. Höhere Dosen nur nach Rücksprache mit Ihrer Ärztin oder Ihrem Arzt, ein Bluttest zeigt den Spiegel.</p>',
    it: '<p>La pelle produce la vitamina D soprattutto con la luce del sole. Da ottobre a marzo in Svizzera il sole è troppo basso e le riserve si esauriscono. La vitamina D è importante per ossa, muscoli e sistema immunitario.</p><h3>Chi è più a rischio</h3>' +
      list(['I lattanti nel primo anno di vita', 'Le persone anziane, la cui pelle produce meno vitamina D', 'Chi sta poco all’aperto o si copre molto']) +
      '<h3>Cosa potete fare</h3><p>L’Ufficio federale della sicurezza alimentare e di veterinaria raccomanda agli adulti 600 UI (15 µg) di vitamina D al giorno, dai 60 anni 800 UI. In inverno aiutano gocce o capsule di vitamina D. Dosi più elevate solo dopo averne parlato con il medico; un esame del sangue mostra il livello.</p>',
    fr: '<p>La peau fabrique la vitamine D surtout grâce à la lumière du soleil. D’octobre à mars, le soleil est trop bas en Suisse et les réserves se vident. La vitamine D est importante pour les os, les muscles et le système immunitaire.</p><h3>Qui est le plus concerné</h3>' +
      list(['Les nourrissons pendant leur première année', 'Les personnes âgées, dont la peau produit moins de vitamine D', 'Les personnes qui sortent peu ou se couvrent beaucoup']) +
      '<h3>Ce que vous pouvez faire</h3><p>L’Office fédéral de la sécurité alimentaire et des affaires vétérinaires recommande aux adultes 600 UI (15 µg) de vitamine D par jour, dès 60 ans 800 UI. En hiver, des gouttes ou capsules de vitamine D aident. Des doses plus élevées seulement après en avoir parlé à votre médecin ; une prise de sang indique le taux.</p>',
  },
  'hay-fever': {
    de: '<p>Beim Heuschnupfen reagiert das Immunsystem auf Pollen von Bäumen, Gräsern oder Kräutern: Die Nase läuft, die Augen jucken und tränen, man niest in Serien. In der Schweiz fliegen die ersten Pollen (Hasel, Erle) oft schon im Februar.</p><h3>Was hilft</h3>' +
      list([
        'Antihistaminika wie Cetirizin oder Loratadin als Tablette lindern Niesen und Juckreiz; manche machen müde.',
        'Augentropfen gegen Allergie beruhigen gereizte Augen.',
        'Abends die Haare waschen und die Strassenkleidung nicht im Schlafzimmer ablegen.',
        'Lüften, wenn wenig Pollen fliegen: in der Stadt frühmorgens, auf dem Land abends.',
      ]) +
      '<p>Bei Atemnot oder pfeifendem Atem sofort ärztlich abklären lassen. Eine Desensibilisierung kann Heuschnupfen langfristig bessern.</p>',
    it: '<p>Con il raffreddore da fieno il sistema immunitario reagisce ai pollini di alberi, graminacee o erbe: il naso cola, gli occhi prudono e lacrimano, si starnutisce a raffica. In Svizzera i primi pollini (nocciolo, ontano) volano spesso già a febbraio.</p><h3>Cosa aiuta</h3>' +
      list([
        'Gli antistaminici come cetirizina o loratadina in compresse alleviano starnuti e prurito; alcuni danno sonnolenza.',
        'Il collirio contro l’allergia calma gli occhi irritati.',
        'La sera lavarsi i capelli e non lasciare i vestiti in camera da letto.',
        'Arieggiare quando ci sono pochi pollini: in città al mattino presto, in campagna la sera.',
      ]) +
      '<p>In caso di difficoltà respiratorie o respiro sibilante consultare subito il medico. Una desensibilizzazione può migliorare il raffreddore da fieno a lungo termine.</p>',
    fr: '<p>Avec le rhume des foins, le système immunitaire réagit aux pollens d’arbres, de graminées ou d’herbacées : le nez coule, les yeux piquent et larmoient, on éternue en série. En Suisse, les premiers pollens (noisetier, aulne) volent souvent dès février.</p><h3>Ce qui aide</h3>' +
      list([
        'Les antihistaminiques comme la cétirizine ou la loratadine en comprimés soulagent les éternuements et les démangeaisons ; certains fatiguent.',
        'Les gouttes oculaires contre l’allergie calment les yeux irrités.',
        'Le soir, se laver les cheveux et ne pas poser ses vêtements dans la chambre.',
        'Aérer quand il y a peu de pollen : en ville tôt le matin, à la campagne le soir.',
      ]) +
      '<p>En cas de gêne respiratoire ou de respiration sifflante, consulter immédiatement. Une désensibilisation peut améliorer durablement le rhume des foins.</p>',
  },
  'sleep-better': {
    de: '<p>Jede dritte Person schläft zeitweise schlecht. Oft hilft es schon, den Abend anders zu gestalten, bevor man zu Schlafmitteln greift.</p><h3>Gewohnheiten für einen besseren Schlaf</h3>' +
      list([
        'Jeden Tag zur gleichen Zeit aufstehen, auch am Wochenende.',
        'Nach 14 Uhr keinen Kaffee, Schwarztee oder Energydrinks mehr.',
        'Das Schlafzimmer kühl (16 bis 19 °C), dunkel und ruhig halten.',
        'Eine Stunde vor dem Zubettgehen Bildschirme weglegen.',
      ]) +
      '<h3>Pflanzliche Hilfe</h3><p>Baldrian, Melisse und Passionsblume können beim Einschlafen helfen; ihre Wirkung setzt oft erst nach zwei Wochen regelmässiger Einnahme ein. Wer länger als drei Wochen schlecht schläft, sollte die Ursache ärztlich abklären lassen.</p>',
    it: '<p>Una persona su tre dorme male di tanto in tanto. Spesso basta cambiare le abitudini serali prima di ricorrere ai sonniferi.</p><h3>Abitudini per dormire meglio</h3>' +
      list([
        'Alzarsi ogni giorno alla stessa ora, anche nel fine settimana.',
        'Dopo le 14 niente più caffè, tè nero o bevande energetiche.',
        'Tenere la camera fresca (da 16 a 19 °C), buia e silenziosa.',
        'Mettere via gli schermi un’ora prima di andare a letto.',
      ]) +
      '<h3>Aiuto dalle piante</h3><p>Valeriana, melissa e passiflora possono aiutare ad addormentarsi; il loro effetto si manifesta spesso solo dopo due settimane di assunzione regolare. Chi dorme male per più di tre settimane dovrebbe farne chiarire la causa dal medico.</p>',
    fr: '<p>Une personne sur trois dort mal de temps en temps. Souvent, changer ses habitudes du soir suffit avant de recourir aux somnifères.</p><h3>Des habitudes pour mieux dormir</h3>' +
      list([
        'Se lever chaque jour à la même heure, même le week-end.',
        'Plus de café, de thé noir ni de boissons énergisantes après 14 h.',
        'Garder la chambre fraîche (16 à 19 °C), sombre et calme.',
        'Ranger les écrans une heure avant le coucher.',
      ]) +
      '<h3>L’aide des plantes</h3><p>La valériane, la mélisse et la passiflore peuvent faciliter l’endormissement ; leur effet n’apparaît souvent qu’après deux semaines de prise régulière. Si vous dormez mal depuis plus de trois semaines, faites-en rechercher la cause par un médecin.</p>',
  },
  'sun-protection': {
    de: '<p>Sonnenbrand in der Kindheit erhöht das Hautkrebsrisiko im Erwachsenenalter. In den Bergen ist die UV-Strahlung stärker, und Schnee oder Wasser werfen sie zurück.</p><h3>Der richtige Lichtschutzfaktor</h3>' +
      list([
        'Kinder und helle Haut: LSF 50+; für alle anderen mindestens LSF 30.',
        'Grosszügig auftragen, rund 30 Minuten vor dem Aufenthalt im Freien.',
        'Alle zwei Stunden und nach dem Baden erneut eincremen; das verlängert den Schutz nicht, sondern erhält ihn.',
        'Babys unter einem Jahr gehören nicht in die direkte Sonne.',
      ]) +
      '<p>Zwischen 11 und 15 Uhr Schatten suchen, Hut, Sonnenbrille und Kleidung tragen. Nach einem Sonnenbrand kühlen After-Sun-Gele; bei Blasen oder Fieber ärztlichen Rat holen.</p>',
    it: '<p>Le scottature nell’infanzia aumentano il rischio di tumore della pelle in età adulta. In montagna le radiazioni UV sono più forti e neve o acqua le riflettono.</p><h3>Il fattore di protezione giusto</h3>' +
      list([
        'Bambini e pelle chiara: FPS 50+; per tutti gli altri almeno FPS 30.',
        'Applicare abbondantemente circa 30 minuti prima di stare all’aperto.',
        'Riapplicare ogni due ore e dopo il bagno: non prolunga la protezione, la mantiene.',
        'I neonati sotto un anno non vanno esposti al sole diretto.',
      ]) +
      '<p>Tra le 11 e le 15 cercare l’ombra, indossare cappello, occhiali da sole e vestiti. Dopo una scottatura i gel doposole rinfrescano; in caso di vesciche o febbre chiedere consiglio al medico.</p>',
    fr: '<p>Les coups de soleil dans l’enfance augmentent le risque de cancer de la peau à l’âge adulte. En montagne, les UV sont plus forts et la neige ou l’eau les réfléchissent.</p><h3>Le bon facteur de protection</h3>' +
      list([
        'Enfants et peaux claires : FPS 50+ ; pour tous les autres au moins FPS 30.',
        'Appliquer généreusement environ 30 minutes avant de sortir.',
        'Renouveler toutes les deux heures et après la baignade : cela ne prolonge pas la protection, cela la maintient.',
        'Les bébés de moins d’un an ne doivent pas être exposés au soleil direct.',
      ]) +
      '<p>Entre 11 h et 15 h, rechercher l’ombre et porter chapeau, lunettes de soleil et vêtements. Après un coup de soleil, les gels après-soleil rafraîchissent ; en cas de cloques ou de fièvre, demander conseil à un médecin.</p>',
  },
  'magnesium-cramps': {
    de: '<p>Nächtliche Wadenkrämpfe sind schmerzhaft und häufig, besonders bei Sportlerinnen und Sportlern, in der Schwangerschaft und im Alter. Magnesium ist an der Entspannung der Muskeln beteiligt.</p><h3>Wann Magnesium hilft</h3>' +
      list([
        'Bei erhöhtem Bedarf: viel Sport, starkes Schwitzen, Schwangerschaft.',
        'Erwachsene brauchen rund 300 bis 350 mg pro Tag, meist aus Nüssen, Vollkorn und Gemüse.',
        'Ergänzungen am besten auf zwei Einnahmen verteilen; zu viel auf einmal kann Durchfall machen.',
      ]) +
      '<p>Akut hilft es, die Wade zu dehnen: Fuss anziehen und die Ferse nach vorne schieben. Bei Nierenerkrankungen Magnesium nur nach ärztlicher Rücksprache einnehmen. Häufige Krämpfe trotz Magnesium sollten abgeklärt werden.</p>',
    it: '<p>I crampi notturni ai polpacci sono dolorosi e frequenti, soprattutto negli sportivi, in gravidanza e nella terza età. Il magnesio partecipa al rilassamento dei muscoli.</p><h3>Quando il magnesio aiuta</h3>' +
      list([
        'In caso di fabbisogno elevato: molto sport, forte sudorazione, gravidanza.',
        'Gli adulti ne hanno bisogno di circa 300–350 mg al giorno, per lo più da noci, cereali integrali e verdura.',
        'Meglio suddividere gli integratori in due assunzioni: troppo in una volta può causare diarrea.',
      ]) +
      '<p>Sul momento aiuta allungare il polpaccio: tirare il piede verso di sé e spingere il tallone in avanti. In caso di malattie renali assumere magnesio solo dopo aver consultato il medico. Crampi frequenti nonostante il magnesio vanno approfonditi.</p>',
    fr: '<p>Les crampes nocturnes aux mollets sont douloureuses et fréquentes, surtout chez les sportifs, pendant la grossesse et avec l’âge. Le magnésium participe au relâchement des muscles.</p><h3>Quand le magnésium aide</h3>' +
      list([
        'En cas de besoin accru : beaucoup de sport, forte transpiration, grossesse.',
        'Les adultes en ont besoin d’environ 300 à 350 mg par jour, surtout via les noix, les céréales complètes et les légumes.',
        'Mieux vaut répartir les compléments en deux prises : trop en une fois peut provoquer la diarrhée.',
      ]) +
      '<p>Sur le moment, étirer le mollet aide : tirer le pied vers soi et pousser le talon vers l’avant. En cas de maladie rénale, ne prendre du magnésium qu’après avis médical. Des crampes fréquentes malgré le magnésium doivent être examinées.</p>',
  },
  'travel-pharmacy': {
    de: '<p>Ob Strandferien oder Wanderwoche: Eine gut gepackte Reiseapotheke erspart die Suche nach einer Apotheke in einer fremden Sprache.</p><h3>Das gehört hinein</h3>' +
      list([
        'Ihre regelmässigen Medikamente für die ganze Reise, plus einige Tage Reserve, im Handgepäck.',
        'Ein Schmerz- und Fiebermittel wie Paracetamol oder Ibuprofen.',
        'Mittel gegen Durchfall und eine Elektrolytlösung.',
        'Pflaster, Blasenpflaster, Desinfektionsmittel und eine kleine Schere.',
        'Sonnenschutz, After-Sun und Insektenschutz.',
        'Ein Fieberthermometer und bei Bedarf Mittel gegen Reiseübelkeit.',
      ]) +
      '<p>Für Fernreisen rechtzeitig, etwa sechs Wochen vorher, die nötigen Impfungen in der Apotheke oder bei der Ärztin besprechen.</p>',
    it: '<p>Vacanze al mare o settimana di escursioni: una farmacia da viaggio ben preparata evita di cercare una farmacia in una lingua straniera.</p><h3>Cosa metterci</h3>' +
      list([
        'I vostri medicamenti abituali per tutto il viaggio, più qualche giorno di riserva, nel bagaglio a mano.',
        'Un antidolorifico e antifebbrile come paracetamolo o ibuprofene.',
        'Un rimedio contro la diarrea e una soluzione di elettroliti.',
        'Cerotti, cerotti per vesciche, disinfettante e forbicine.',
        'Protezione solare, doposole e repellente per insetti.',
        'Un termometro e, se serve, un rimedio contro il mal d’auto o di mare.',
      ]) +
      '<p>Per i viaggi lontani discutere per tempo, circa sei settimane prima, le vaccinazioni necessarie in farmacia o dal medico.</p>',
    fr: '<p>Vacances à la plage ou semaine de randonnée : une pharmacie de voyage bien préparée évite de chercher une pharmacie dans une langue étrangère.</p><h3>Ce qu’elle doit contenir</h3>' +
      list([
        'Vos médicaments habituels pour tout le voyage, plus quelques jours de réserve, dans le bagage à main.',
        'Un antidouleur et antipyrétique comme le paracétamol ou l’ibuprofène.',
        'Un remède contre la diarrhée et une solution d’électrolytes.',
        'Pansements, pansements pour ampoules, désinfectant et petits ciseaux.',
        'Protection solaire, après-soleil et anti-moustiques.',
        'Un thermomètre et, si besoin, un remède contre le mal des transports.',
      ]) +
      '<p>Pour les voyages lointains, parlez à temps, environ six semaines avant, des vaccins nécessaires en pharmacie ou chez votre médecin.</p>',
  },
  'baby-first-aid': {
    de: '<p>Babys werden oft krank, und kleine Unfälle gehören dazu. Wer vorbereitet ist, bleibt ruhiger.</p><h3>Fieber</h3><p>Messen Sie bei Babys im Po. Ab 38 °C spricht man von Fieber. Bei Säuglingen unter drei Monaten mit Fieber sofort die Kinderärztin oder den Kinderarzt anrufen. Fiebermittel für Kinder immer nach Körpergewicht dosieren.</p><h3>Zahnen</h3><p>Kühle Beissringe und eine sanfte Zahnfleischmassage helfen; Zahnen verursacht kein hohes Fieber.</p><h3>Schürfwunden</h3>' +
      list(['Wunde mit sauberem Wasser ausspülen.', 'Mit einem kinderfreundlichen, nicht brennenden Mittel desinfizieren.', 'Mit einem Pflaster abdecken und täglich kontrollieren.']) +
      '<p>Notfallnummer 144 und die Giftnotrufnummer 145 gehören gut sichtbar neben das Telefon.</p>',
    it: '<p>I neonati si ammalano spesso e i piccoli incidenti fanno parte della crescita. Chi è preparato resta più calmo.</p><h3>Febbre</h3><p>Nei neonati misurate la temperatura rettale. Dai 38 °C si parla di febbre. Con febbre in un lattante sotto i tre mesi chiamare subito il pediatra. Dosare sempre gli antifebbrili per bambini secondo il peso corporeo.</p><h3>Dentizione</h3><p>Aiutano anelli da dentizione freschi e un leggero massaggio delle gengive; la dentizione non provoca febbre alta.</p><h3>Escoriazioni</h3>' +
      list(['Sciacquare la ferita con acqua pulita.', 'Disinfettare con un prodotto adatto ai bambini che non brucia.', 'Coprire con un cerotto e controllare ogni giorno.']) +
      '<p>Il numero d’emergenza 144 e il numero del Tox Info Suisse 145 vanno tenuti ben visibili accanto al telefono.</p>',
    fr: '<p>Les bébés tombent souvent malades et les petits accidents font partie de la vie. Être préparé aide à rester calme.</p><h3>Fièvre</h3><p>Chez le bébé, mesurez la température par voie rectale. On parle de fièvre dès 38 °C. En cas de fièvre chez un nourrisson de moins de trois mois, appelez immédiatement le pédiatre. Dosez toujours les antipyrétiques pour enfants selon le poids.</p><h3>Poussées dentaires</h3><p>Des anneaux de dentition frais et un léger massage des gencives aident ; les dents ne provoquent pas de forte fièvre.</p><h3>Écorchures</h3>' +
      list(['Rincer la plaie à l’eau propre.', 'Désinfecter avec un produit adapté aux enfants qui ne pique pas.', 'Couvrir d’un pansement et contrôler chaque jour.']) +
      '<p>Le numéro d’urgence 144 et celui de Tox Info Suisse, le 145, doivent être bien visibles près du téléphone.</p>',
  },
  'gut-health': {
    de: '<p>Im Darm leben Billionen Bakterien, die Darmflora. Sie hilft bei der Verdauung, bildet Vitamine und trainiert das Immunsystem. Antibiotika, Stress und einseitige Ernährung bringen sie aus dem Gleichgewicht.</p><h3>So unterstützen Sie Ihren Darm</h3>' +
      list([
        'Ballaststoffe aus Gemüse, Hülsenfrüchten und Vollkorn: rund 30 g pro Tag.',
        'Fermentierte Lebensmittel wie Joghurt, Kefir oder Sauerkraut.',
        'Genug trinken und sich täglich bewegen.',
        'Während und nach einer Antibiotika-Behandlung können Milchsäurebakterien (Probiotika) Durchfall vorbeugen.',
      ]) +
      '<p>Blut im Stuhl, ungewollter Gewichtsverlust oder Beschwerden, die länger als drei Wochen dauern, gehören ärztlich abgeklärt.</p>',
    it: '<p>Nell’intestino vivono miliardi di batteri, la flora intestinale. Aiuta la digestione, produce vitamine e allena il sistema immunitario. Antibiotici, stress e un’alimentazione poco varia la squilibrano.</p><h3>Come sostenere l’intestino</h3>' +
      list([
        'Fibre da verdura, legumi e cereali integrali: circa 30 g al giorno.',
        'Alimenti fermentati come yogurt, kefir o crauti.',
        'Bere a sufficienza e muoversi ogni giorno.',
        'Durante e dopo una terapia antibiotica i fermenti lattici (probiotici) possono prevenire la diarrea.',
      ]) +
      '<p>Sangue nelle feci, perdita di peso involontaria o disturbi che durano più di tre settimane vanno chiariti dal medico.</p>',
    fr: '<p>Des milliers de milliards de bactéries vivent dans l’intestin : la flore intestinale. Elle aide à digérer, produit des vitamines et entraîne le système immunitaire. Antibiotiques, stress et alimentation déséquilibrée la perturbent.</p><h3>Comment soutenir votre intestin</h3>' +
      list([
        'Des fibres issues des légumes, des légumineuses et des céréales complètes : environ 30 g par jour.',
        'Des aliments fermentés comme le yogourt, le kéfir ou la choucroute.',
        'Boire suffisamment et bouger chaque jour.',
        'Pendant et après un traitement antibiotique, les bactéries lactiques (probiotiques) peuvent prévenir la diarrhée.',
      ]) +
      '<p>Du sang dans les selles, une perte de poids involontaire ou des troubles durant plus de trois semaines doivent être examinés par un médecin.</p>',
  },
  'protein-sport': {
    de: '<p>Protein (Eiweiss) liefert die Bausteine für Muskeln. Wer regelmässig trainiert, braucht etwas mehr als der Durchschnitt, aber weniger, als viele glauben.</p><h3>Wie viel Protein?</h3>' +
      list([
        'Ohne Sport: etwa 0,8 g pro Kilogramm Körpergewicht und Tag.',
        'Bei Kraft- und Ausdauertraining: 1,2 bis 2 g pro Kilogramm.',
        'Am besten verteilt auf drei bis vier Mahlzeiten mit je 20 bis 30 g.',
      ]) +
      '<p>Milchprodukte, Eier, Fisch, Hülsenfrüchte und Tofu decken den Bedarf meist. Ein Proteinshake nach dem Training ist praktisch, aber kein Muss. Bei Nierenerkrankungen die Eiweissmenge mit der Ärztin oder dem Arzt besprechen.</p>',
    it: '<p>Le proteine forniscono i mattoni dei muscoli. Chi si allena regolarmente ne ha bisogno un po’ più della media, ma meno di quanto molti pensino.</p><h3>Quante proteine?</h3>' +
      list([
        'Senza sport: circa 0,8 g per chilo di peso corporeo al giorno.',
        'Con allenamento di forza e resistenza: da 1,2 a 2 g per chilo.',
        'Meglio suddivise in tre o quattro pasti da 20–30 g ciascuno.',
      ]) +
      '<p>Latticini, uova, pesce, legumi e tofu coprono di solito il fabbisogno. Uno shake proteico dopo l’allenamento è pratico, ma non indispensabile. In caso di malattie renali discutere la quantità di proteine con il medico.</p>',
    fr: '<p>Les protéines fournissent les briques des muscles. Qui s’entraîne régulièrement en a besoin d’un peu plus que la moyenne, mais moins qu’on ne le croit souvent.</p><h3>Combien de protéines ?</h3>' +
      list([
        'Sans sport : environ 0,8 g par kilo de poids corporel et par jour.',
        'Avec un entraînement de force ou d’endurance : 1,2 à 2 g par kilo.',
        'Idéalement réparties sur trois ou quatre repas de 20 à 30 g.',
      ]) +
      '<p>Produits laitiers, œufs, poisson, légumineuses et tofu couvrent en général les besoins. Un shake protéiné après l’entraînement est pratique, mais pas indispensable. En cas de maladie rénale, discutez de la quantité de protéines avec votre médecin.</p>',
  },
  'blood-pressure': {
    de: '<p>Bluthochdruck tut nicht weh und bleibt deshalb oft unbemerkt. Regelmässiges Messen zu Hause zeigt, wie sich der Blutdruck im Alltag verhält.</p><h3>So messen Sie richtig</h3>' +
      list([
        'Vor dem Messen fünf Minuten ruhig sitzen, nicht sprechen.',
        'Die Manschette auf Herzhöhe am nackten Oberarm anlegen.',
        'Morgens vor der Einnahme von Medikamenten und abends messen, jeweils zweimal im Abstand von einer Minute.',
        'Die Werte mit Datum und Uhrzeit notieren und zur Ärztin oder zum Arzt mitnehmen.',
      ]) +
      '<p>Zu Hause gelten Werte ab 135/85 mmHg als erhöht. In vielen Apotheken können Sie Ihren Blutdruck kostenlos messen und Ihr Gerät überprüfen lassen.</p>',
    it: '<p>La pressione alta non fa male e per questo spesso passa inosservata. Misurarla regolarmente a casa mostra come si comporta nella vita di tutti i giorni.</p><h3>Come misurare correttamente</h3>' +
      list([
        'Prima della misurazione stare seduti tranquilli per cinque minuti, senza parlare.',
        'Applicare il bracciale all’altezza del cuore sul braccio nudo.',
        'Misurare al mattino prima dei medicamenti e la sera, ogni volta due volte a un minuto di distanza.',
        'Annotare i valori con data e ora e portarli dal medico.',
      ]) +
      '<p>A casa sono considerati elevati i valori da 135/85 mmHg. In molte farmacie potete misurare gratuitamente la pressione e far controllare il vostro apparecchio.</p>',
    fr: '<p>L’hypertension ne fait pas mal et passe donc souvent inaperçue. Mesurer régulièrement sa tension à la maison montre comment elle évolue au quotidien.</p><h3>Comment bien mesurer</h3>' +
      list([
        'Avant la mesure, rester assis calmement cinq minutes, sans parler.',
        'Placer le brassard à hauteur du cœur, sur le bras nu.',
        'Mesurer le matin avant les médicaments et le soir, à chaque fois deux fois à une minute d’intervalle.',
        'Noter les valeurs avec la date et l’heure et les apporter à votre médecin.',
      ]) +
      '<p>À domicile, les valeurs dès 135/85 mmHg sont considérées comme élevées. Dans de nombreuses pharmacies, vous pouvez mesurer gratuitement votre tension et faire contrôler votre appareil.</p>',
  },
  'skin-winter': {
    de: '<p>Kälte draussen und trockene Heizungsluft drinnen entziehen der Haut Feuchtigkeit. Sie spannt, schuppt und juckt, besonders an Händen, Lippen und Schienbeinen.</p><h3>Pflege für die kalte Jahreszeit</h3>' +
      list([
        'Kurz und nicht zu heiss duschen, milde Duschöle statt Seife verwenden.',
        'Nach dem Duschen eine rückfettende Lotion auftragen, bei sehr trockener Haut mit Urea.',
        'Vor dem Gang in die Kälte eine fetthaltige Creme statt einer wasserreichen verwenden.',
        'Lippen mit einem Pflegestift schützen und Handschuhe tragen.',
      ]) +
      '<p>Rissige, entzündete oder stark juckende Haut kann ein Ekzem sein: Lassen Sie sich in der Apotheke beraten.</p>',
    it: '<p>Il freddo all’esterno e l’aria secca del riscaldamento all’interno tolgono idratazione alla pelle. Tira, si desquama e prude, soprattutto su mani, labbra e stinchi.</p><h3>Cura nella stagione fredda</h3>' +
      list([
        'Docce brevi e non troppo calde, con oli doccia delicati invece del sapone.',
        'Dopo la doccia applicare una lozione relipidante, con urea per la pelle molto secca.',
        'Prima di uscire al freddo usare una crema ricca di grassi invece di una ricca d’acqua.',
        'Proteggere le labbra con uno stick e indossare i guanti.',
      ]) +
      '<p>Una pelle screpolata, infiammata o con forte prurito può essere un eczema: chiedete consiglio in farmacia.</p>',
    fr: '<p>Le froid dehors et l’air sec du chauffage dedans dessèchent la peau. Elle tiraille, pèle et démange, surtout sur les mains, les lèvres et les tibias.</p><h3>Les soins de la saison froide</h3>' +
      list([
        'Des douches courtes et pas trop chaudes, avec une huile lavante douce plutôt que du savon.',
        'Après la douche, appliquer une lotion relipidante, à l’urée pour les peaux très sèches.',
        'Avant de sortir au froid, préférer une crème riche en lipides à une crème riche en eau.',
        'Protéger les lèvres avec un stick et porter des gants.',
      ]) +
      '<p>Une peau gercée, enflammée ou qui démange fortement peut être un eczéma : demandez conseil en pharmacie.</p>',
  },
  'pharmacist-interview': {
    de: '<p>Unsere Apothekerin beantwortet, was Kundinnen und Kunden in der Apotheke am häufigsten wissen möchten.</p><h3>Was fragen Sie Kundinnen und Kunden zuerst?</h3><p>«Für wen ist das Mittel, und welche anderen Medikamente nehmen Sie? Schon ein pflanzliches Präparat kann mit einem Blutverdünner wechselwirken.»</p><h3>Was wird unterschätzt?</h3><p>«Die richtige Anwendung. Ein Asthmaspray wirkt nur, wenn man richtig inhaliert. Wir zeigen das gerne.»</p><h3>Wann schicken Sie jemanden zum Arzt?</h3><p>«Bei hohem Fieber, Atemnot, Brustschmerzen oder wenn Beschwerden nach einigen Tagen nicht besser werden.»</p><h3>Welche Dienstleistungen kennen viele nicht?</h3><p>«Impfungen, den Medikamenten-Check und die Blutdruckmessung ohne Termin.»</p><h3>Ihr wichtigster Rat?</h3><p>«Fragen Sie nach. Es gibt keine dummen Fragen zu Medikamenten.»</p>',
    it: '<p>La nostra farmacista risponde a ciò che i clienti chiedono più spesso in farmacia.</p><h3>Cosa chiedete per prima cosa ai clienti?</h3><p>«Per chi è il medicamento e quali altri medicamenti prende? Anche un preparato vegetale può interagire con un anticoagulante.»</p><h3>Cosa viene sottovalutato?</h3><p>«L’uso corretto. Uno spray per l’asma funziona solo se si inala bene. Lo mostriamo volentieri.»</p><h3>Quando mandate qualcuno dal medico?</h3><p>«Con febbre alta, difficoltà respiratorie, dolore al petto o se i disturbi non migliorano dopo qualche giorno.»</p><h3>Quali servizi molti non conoscono?</h3><p>«Le vaccinazioni, la verifica dei medicamenti e la misurazione della pressione senza appuntamento.»</p><h3>Il vostro consiglio più importante?</h3><p>«Chiedete. Non esistono domande stupide sui medicamenti.»</p>',
    fr: '<p>Notre pharmacienne répond aux questions que les clients posent le plus souvent en pharmacie.</p><h3>Que demandez-vous d’abord à vos clients ?</h3><p>« Pour qui est le médicament, et quels autres médicaments prenez-vous ? Même une préparation à base de plantes peut interagir avec un anticoagulant. »</p><h3>Qu’est-ce qui est sous-estimé ?</h3><p>« La bonne utilisation. Un spray contre l’asthme n’agit que si l’on inhale correctement. Nous le montrons volontiers. »</p><h3>Quand envoyez-vous quelqu’un chez le médecin ?</h3><p>« En cas de forte fièvre, de gêne respiratoire, de douleur thoracique ou si les troubles ne s’améliorent pas après quelques jours. »</p><h3>Quels services beaucoup ne connaissent-ils pas ?</h3><p>« Les vaccinations, le contrôle des médicaments et la mesure de la tension sans rendez-vous. »</p><h3>Votre conseil le plus important ?</h3><p>« Posez des questions. Il n’y a pas de question bête sur les médicaments. »</p>',
  },
  'immune-system': {
    de: '<p>Das Immunsystem lässt sich nicht mit einer Pille «boosten». Es arbeitet am besten, wenn der Körper bekommt, was er braucht.</p><h3>Was wirklich hilft</h3>' +
      list([
        'Sieben bis neun Stunden Schlaf: Schlafmangel erhöht die Anfälligkeit für Infekte.',
        'Bewegung an der frischen Luft, möglichst täglich.',
        'Abwechslungsreich essen, mit Gemüse, Obst und Vollkorn.',
        'Impfungen, etwa gegen Grippe, schützen gezielt.',
      ]) +
      '<h3>Und die Mythen?</h3><p>Vitamin C in hohen Dosen verhindert keine Erkältung; bei Menschen mit Mangel oder starker körperlicher Belastung kann es die Dauer leicht verkürzen. Zink kann, früh genommen, Erkältungen etwas abkürzen. Vitamin D im Winter ist sinnvoll, wenn die Sonne fehlt.</p>',
    it: '<p>Il sistema immunitario non si «potenzia» con una pillola. Funziona meglio quando il corpo riceve ciò di cui ha bisogno.</p><h3>Cosa aiuta davvero</h3>' +
      list([
        'Da sette a nove ore di sonno: la mancanza di sonno aumenta la vulnerabilità alle infezioni.',
        'Movimento all’aria aperta, possibilmente ogni giorno.',
        'Mangiare in modo vario, con verdura, frutta e cereali integrali.',
        'Le vaccinazioni, per esempio contro l’influenza, proteggono in modo mirato.',
      ]) +
      '<h3>E i miti?</h3><p>La vitamina C ad alte dosi non previene il raffreddore; in chi ha una carenza o un forte sforzo fisico può accorciarne un po’ la durata. Lo zinco, preso presto, può abbreviare un po’ il raffreddore. La vitamina D in inverno è utile quando manca il sole.</p>',
    fr: '<p>Le système immunitaire ne se « booste » pas avec une pilule. Il fonctionne au mieux quand le corps reçoit ce dont il a besoin.</p><h3>Ce qui aide vraiment</h3>' +
      list([
        'Sept à neuf heures de sommeil : le manque de sommeil rend plus vulnérable aux infections.',
        'Bouger au grand air, si possible chaque jour.',
        'Manger varié, avec des légumes, des fruits et des céréales complètes.',
        'Les vaccins, par exemple contre la grippe, protègent de manière ciblée.',
      ]) +
      '<h3>Et les mythes ?</h3><p>La vitamine C à haute dose n’empêche pas le rhume ; chez les personnes carencées ou très sollicitées physiquement, elle peut en raccourcir un peu la durée. Le zinc, pris tôt, peut écourter un peu un rhume. La vitamine D en hiver est utile quand le soleil manque.</p>',
  },
  generics: {
    de: '<p>Ein Generikum enthält denselben Wirkstoff in derselben Menge wie das Originalpräparat. Swissmedic lässt es nur zu, wenn es im Körper gleich wirkt.</p><h3>Warum sich der Wechsel lohnt</h3>' +
      list([
        'Generika kosten oft 20 bis 70 % weniger als das Original.',
        'Wer das teurere Original wählt, obwohl ein Generikum existiert, zahlt in der Grundversicherung häufig einen höheren Selbstbehalt (40 statt 10 %).',
        'Form, Farbe und Hilfsstoffe können sich unterscheiden, die Wirkung nicht.',
      ]) +
      '<p>Bei Allergien gegen bestimmte Hilfsstoffe oder bei Medikamenten mit enger Dosierung besprechen wir den Wechsel mit Ihnen und Ihrer Ärztin oder Ihrem Arzt.</p>',
    it: '<p>Un generico contiene lo stesso principio attivo nella stessa quantità del preparato originale. Swissmedic lo omologa solo se agisce nel corpo allo stesso modo.</p><h3>Perché conviene cambiare</h3>' +
      list([
        'I generici costano spesso dal 20 al 70 % in meno dell’originale.',
        'Chi sceglie l’originale più caro quando esiste un generico paga spesso nell’assicurazione di base un’aliquota percentuale più alta (40 invece di 10 %).',
        'Forma, colore ed eccipienti possono differire, l’effetto no.',
      ]) +
      '<p>In caso di allergie a determinati eccipienti o di medicamenti con dosaggio delicato discutiamo il cambio con voi e con il vostro medico.</p>',
    fr: '<p>Un générique contient le même principe actif, dans la même quantité, que la préparation originale. Swissmedic ne l’autorise que s’il agit de la même manière dans l’organisme.</p><h3>Pourquoi changer vaut la peine</h3>' +
      list([
        'Les génériques coûtent souvent 20 à 70 % de moins que l’original.',
        'Qui choisit l’original plus cher alors qu’un générique existe paie souvent, dans l’assurance de base, une quote-part plus élevée (40 au lieu de 10 %).',
        'La forme, la couleur et les excipients peuvent différer, pas l’effet.',
      ]) +
      '<p>En cas d’allergie à certains excipients ou de médicaments au dosage délicat, nous discutons du changement avec vous et votre médecin.</p>',
  },
  bestseller: {
    de: '<p>Unsere Bestseller: Diese Produkte bestellen unsere Kundinnen und Kunden am häufigsten. Die Liste wird laufend aus den Bestellungen der letzten Wochen berechnet.</p><p>Beliebt heisst nicht für alle geeignet: Lesen Sie bei Arzneimitteln die Packungsbeilage und fragen Sie uns, wenn Sie weitere Medikamente einnehmen.</p>',
    it: '<p>Questi sono i prodotti più venduti: quelli che i nostri clienti ordinano più spesso. L’elenco è calcolato continuamente dagli ordini delle ultime settimane.</p><p>Popolare non significa adatto a tutti: per i medicamenti leggete il foglietto illustrativo e chiedeteci se assumete altri medicamenti.</p>',
    fr: '<p>Voici nos meilleures ventes : les produits que nos clientes et clients commandent le plus. La liste est calculée en continu à partir des commandes des dernières semaines.</p><p>Populaire ne veut pas dire adapté à tous : pour les médicaments, lisez la notice et demandez-nous conseil si vous prenez d’autres médicaments.</p>',
  },
  'cold-flu': {
    de: '<p>Erkältung und Grippe werden oft verwechselt. Eine Erkältung beginnt langsam mit Halskratzen und Schnupfen. Die echte Grippe (Influenza) setzt plötzlich ein, mit hohem Fieber, Glieder- und Kopfschmerzen.</p><h3>Was lindert</h3>' +
      list(['Gegen Halsschmerzen: Lutschtabletten, Salbei, warme Getränke.', 'Gegen Husten: Hustenlöser bei festsitzendem Schleim, Efeu-Sirup.', 'Gegen verstopfte Nase: Meerwasserspray, abschwellende Sprays höchstens eine Woche.', 'Gegen Fieber und Schmerzen: Paracetamol oder Ibuprofen nach Packungsbeilage.']) +
      '<p>Menschen über 65, Schwangere und chronisch Kranke sollten sich jeden Herbst gegen Grippe impfen lassen, auch in vielen Apotheken.</p>',
    it: '<p>Raffreddore e influenza vengono spesso confusi. Il raffreddore inizia lentamente con mal di gola e naso che cola. La vera influenza inizia all’improvviso, con febbre alta, dolori articolari e mal di testa.</p><h3>Cosa dà sollievo</h3>' +
      list(['Per il mal di gola: pastiglie, salvia, bevande calde.', 'Per la tosse: mucolitici in caso di muco denso, sciroppo all’edera.', 'Per il naso chiuso: spray all’acqua di mare, spray decongestionanti al massimo una settimana.', 'Per febbre e dolori: paracetamolo o ibuprofene secondo il foglietto illustrativo.']) +
      '<p>Le persone oltre i 65 anni, le donne incinte e i malati cronici dovrebbero vaccinarsi contro l’influenza ogni autunno, anche in molte farmacie.</p>',
    fr: '<p>Rhume et grippe sont souvent confondus. Un rhume commence lentement par un chatouillement de gorge et un nez qui coule. La vraie grippe (influenza) débute brusquement, avec forte fièvre, courbatures et maux de tête.</p><h3>Ce qui soulage</h3>' +
      list(['Contre le mal de gorge : pastilles, sauge, boissons chaudes.', 'Contre la toux : fluidifiants en cas de mucus épais, sirop au lierre.', 'Contre le nez bouché : spray d’eau de mer, sprays décongestionnants une semaine au maximum.', 'Contre la fièvre et les douleurs : paracétamol ou ibuprofène selon la notice.']) +
      '<p>Les personnes de plus de 65 ans, les femmes enceintes et les malades chroniques devraient se faire vacciner contre la grippe chaque automne, aussi dans de nombreuses pharmacies.</p>',
  },
  pregnancy: {
    de: '<p>In der Schwangerschaft steigt der Bedarf an einigen Nährstoffen, und viele Medikamente sind nicht geeignet. Fragen Sie vor jeder Einnahme in der Apotheke oder bei Ihrer Ärztin oder Hebamme nach.</p><h3>Wichtige Nährstoffe</h3>' +
      list(['Folsäure: 400 µg täglich, idealerweise schon vier Wochen vor der Empfängnis bis zur zwölften Woche.', 'Jod über jodiertes Speisesalz.', 'Eisen, wenn ein Bluttest einen Mangel zeigt.', 'Omega-3-Fettsäuren (DHA) aus fettem Fisch oder Algenöl.']) +
      '<p>Verzichten Sie auf Alkohol und Rauchen, meiden Sie rohes Fleisch, Rohmilchkäse und rohen Fisch.</p>',
    it: '<p>In gravidanza aumenta il fabbisogno di alcuni nutrienti e molti medicamenti non sono adatti. Prima di assumere qualsiasi cosa chiedete in farmacia, al medico o alla levatrice.</p><h3>Nutrienti importanti</h3>' +
      list(['Acido folico: 400 µg al giorno, idealmente da quattro settimane prima del concepimento fino alla dodicesima settimana.', 'Iodio tramite sale da cucina iodato.', 'Ferro, se un esame del sangue mostra una carenza.', 'Acidi grassi omega-3 (DHA) da pesce grasso o olio di alghe.']) +
      '<p>Rinunciate ad alcol e fumo, evitate carne cruda, formaggi a latte crudo e pesce crudo.</p>',
    fr: '<p>Pendant la grossesse, les besoins en certains nutriments augmentent et beaucoup de médicaments ne conviennent pas. Avant toute prise, demandez conseil en pharmacie, à votre médecin ou à votre sage-femme.</p><h3>Nutriments importants</h3>' +
      list(['Acide folique : 400 µg par jour, idéalement dès quatre semaines avant la conception jusqu’à la douzième semaine.', 'Iode via le sel de cuisine iodé.', 'Fer, si une prise de sang montre une carence.', 'Acides gras oméga-3 (DHA) issus de poissons gras ou d’huile d’algues.']) +
      '<p>Renoncez à l’alcool et au tabac, évitez la viande crue, les fromages au lait cru et le poisson cru.</p>',
  },
};

/**
 * The product kinds an article recommends (its best sellers among them, never a prescription medicine, whose
 * advertising to the public Swiss law forbids). Magazine articles recommend nothing; the bestseller topic takes the shop's best sellers.
 */
export const RECOMMENDED_KINDS: Record<string, string[]> = {
  'pharmacist-interview': ['blood-pressure', 'thermometer', 'disinfectant', 'plasters'],
  'immune-system': ['vitamin-c', 'vitamin-c-zinc', 'zinc', 'vitamin-d3'],
  generics: ['ibuprofen', 'paracetamol', 'cetirizine', 'loperamide'],
  'cold-flu': ['throat-lozenges', 'sage', 'ambroxol', 'ivy', 'nasal-spray', 'seawater'],
  pregnancy: ['pregnancy', 'iron', 'algae-oil', 'multivitamin'],
};
