import type { Db } from '../db/connection';
import type { TableWriter } from './table-writer';

// Swiss and Liechtenstein postal codes with their towns and coordinates (postal_code_location), for the
// pharmacy finder's search by postal code or town: every town of the seeded pharmacies plus the larger
// towns of both countries. Coordinates are the town centre (WGS 84, about 1 km precise) — enough to sort
// pharmacies by distance; not an official postal directory.

/** "zipcode|town|latitude|longitude", Liechtenstein marked by its 94xx codes (see countryOf). */
const LOCATIONS = `
8001|Zürich|47.3717|8.5423 8002|Zürich|47.3647|8.5300 8003|Zürich|47.3720|8.5160 8004|Zürich|47.3781|8.5236
8005|Zürich|47.3875|8.5215 8006|Zürich|47.3870|8.5490 8008|Zürich|47.3570|8.5560 8032|Zürich|47.3660|8.5640
8037|Zürich|47.3960|8.5270 8041|Zürich|47.3450|8.5320 8044|Zürich|47.3800|8.5700 8045|Zürich|47.3570|8.5150
8046|Zürich|47.4210|8.5050 8047|Zürich|47.3750|8.4900 8048|Zürich|47.3850|8.4870 8049|Zürich|47.4060|8.5000
8050|Zürich|47.4110|8.5450 8051|Zürich|47.4000|8.5820 8052|Zürich|47.4220|8.5470 8053|Zürich|47.3600|8.5930
8055|Zürich|47.3680|8.5000 8057|Zürich|47.3960|8.5450
8400|Winterthur|47.4988|8.7237 8404|Winterthur|47.5080|8.7450 8405|Winterthur|47.4870|8.7610 8406|Winterthur|47.4950|8.7000
8408|Winterthur|47.5100|8.6900 8610|Uster|47.3471|8.7209 8600|Dübendorf|47.3972|8.6186 8820|Wädenswil|47.2268|8.6690
8810|Horgen|47.2597|8.5979 8700|Küsnacht|47.3181|8.5833 8706|Meilen|47.2704|8.6446 8800|Thalwil|47.2953|8.5646
8152|Glattbrugg|47.4310|8.5630 8302|Kloten|47.4515|8.5849 8304|Wallisellen|47.4150|8.5960 8953|Dietikon|47.4017|8.4001
8952|Schlieren|47.3967|8.4477 8902|Urdorf|47.3850|8.4260 8105|Regensdorf|47.4340|8.4680 8180|Bülach|47.5220|8.5400
8200|Schaffhausen|47.6973|8.6349 8212|Neuhausen am Rheinfall|47.6830|8.6170 8620|Wetzikon|47.3260|8.7980 8630|Rüti|47.2590|8.8500
8640|Rapperswil-Jona|47.2266|8.8184 8645|Jona|47.2290|8.8380 8340|Hinwil|47.2970|8.8440 8330|Pfäffikon ZH|47.3660|8.7820
8708|Männedorf|47.2550|8.6930 8712|Stäfa|47.2420|8.7230 8802|Kilchberg|47.3240|8.5480 8803|Rüschlikon|47.3070|8.5570
8903|Birmensdorf|47.3550|8.4380 8910|Affoltern am Albis|47.2770|8.4510 8306|Brüttisellen|47.4220|8.6330 8307|Effretikon|47.4260|8.6910
8500|Frauenfeld|47.5535|8.8987 8280|Kreuzlingen|47.6505|9.1750 8570|Weinfelden|47.5670|9.1070 8580|Amriswil|47.5470|9.2960
8590|Romanshorn|47.5660|9.3790 8590|Romanshorn|47.5660|9.3790 9320|Arbon|47.5160|9.4330 8360|Eschlikon|47.4640|8.9640
8750|Glarus|47.0404|9.0680 8752|Näfels|47.0980|9.0630 8754|Netstal|47.0640|9.0570 8887|Mels|47.0460|9.4230
9000|St. Gallen|47.4245|9.3767 9008|St. Gallen|47.4330|9.3960 9010|St. Gallen|47.4370|9.3800 9012|St. Gallen|47.4140|9.3560
9014|St. Gallen|47.4100|9.3300 9015|St. Gallen|47.4070|9.3090 9200|Gossau SG|47.4150|9.2550 9300|Wittenbach|47.4610|9.3860
9400|Rorschach|47.4780|9.4900 9450|Altstätten|47.3780|9.5480 9470|Buchs SG|47.1660|9.4760 9500|Wil|47.4615|9.0455
9230|Flawil|47.4130|9.1830 9240|Uzwil|47.4360|9.1330 9100|Herisau|47.3858|9.2792 9050|Appenzell|47.3313|9.4093
9630|Wattwil|47.2990|9.0860 7320|Sargans|47.0480|9.4440 7310|Bad Ragaz|47.0040|9.5030 9443|Widnau|47.4080|9.6330
9435|Heerbrugg|47.4110|9.6260 9422|Staad|47.4800|9.5400
7000|Chur|46.8508|9.5320 7270|Davos|46.8027|9.8360 7260|Davos Dorf|46.8100|9.8400 7500|St. Moritz|46.4980|9.8390
7130|Ilanz|46.7740|9.2050 7430|Thusis|46.6970|9.4400 7302|Landquart|46.9670|9.5540 7250|Klosters|46.8690|9.8800
7050|Arosa|46.7790|9.6790 7550|Scuol|46.7970|10.2980 7742|Poschiavo|46.3250|10.0580 6535|Roveredo GR|46.2380|9.1250
3000|Bern|46.9480|7.4474 3011|Bern|46.9480|7.4474 3012|Bern|46.9570|7.4340 3013|Bern|46.9560|7.4560
3014|Bern|46.9610|7.4560 3005|Bern|46.9390|7.4470 3006|Bern|46.9450|7.4700 3007|Bern|46.9370|7.4300
3008|Bern|46.9440|7.4150 3018|Bern|46.9340|7.3890 3027|Bern|46.9500|7.3900 3098|Köniz|46.9244|7.4146
3084|Wabern|46.9290|7.4500 3052|Zollikofen|46.9980|7.4580 3063|Ittigen|46.9740|7.4810 3072|Ostermundigen|46.9560|7.4870
3073|Gümligen|46.9330|7.5050 3074|Muri bei Bern|46.9310|7.4860 3110|Münsingen|46.8730|7.5610 3123|Belp|46.8910|7.4990
3400|Burgdorf|47.0590|7.6280 3600|Thun|46.7580|7.6280 3603|Thun|46.7480|7.6380 3604|Thun|46.7400|7.6200
3612|Steffisburg|46.7780|7.6320 3700|Spiez|46.6860|7.6800 3800|Interlaken|46.6860|7.8630 3780|Gstaad|46.4750|7.2860
3714|Frutigen|46.5880|7.6470 3920|Zermatt|46.0207|7.7491 3250|Lyss|47.0740|7.3060 3280|Murten|46.9280|7.1170
3177|Laupen|46.9040|7.2390 3303|Jegenstorf|47.0480|7.5080 3360|Herzogenbuchsee|47.1880|7.7060 3380|Wangen an der Aare|47.2320|7.6540
4900|Langenthal|47.2150|7.7960 3550|Langnau im Emmental|46.9400|7.7860 3860|Meiringen|46.7270|8.1870
2500|Biel/Bienne|47.1368|7.2467 2502|Biel/Bienne|47.1368|7.2467 2503|Biel/Bienne|47.1430|7.2630 2504|Biel/Bienne|47.1480|7.2790
2540|Grenchen|47.1920|7.3960 2560|Nidau|47.1250|7.2400 2613|Villeret|47.1570|7.0190 2610|Saint-Imier|47.1530|6.9970
2720|Tramelan|47.2230|7.1030 2740|Moutier|47.2790|7.3710 2735|Malleray|47.2390|7.2740
4001|Basel|47.5596|7.5886 4051|Basel|47.5560|7.5830 4052|Basel|47.5490|7.6030 4053|Basel|47.5420|7.5920
4054|Basel|47.5500|7.5650 4055|Basel|47.5630|7.5680 4056|Basel|47.5700|7.5780 4057|Basel|47.5702|7.5979
4058|Basel|47.5650|7.6050 4059|Basel|47.5350|7.5970 4125|Riehen|47.5790|7.6470 4102|Binningen|47.5400|7.5700
4123|Allschwil|47.5510|7.5360 4132|Muttenz|47.5230|7.6450 4133|Pratteln|47.5200|7.6930 4142|Münchenstein|47.5180|7.6180
4153|Reinach BL|47.4930|7.5910 4144|Arlesheim|47.4940|7.6200 4103|Bottmingen|47.5230|7.5740 4104|Oberwil BL|47.5140|7.5580
4410|Liestal|47.4840|7.7345 4450|Sissach|47.4630|7.8110 4242|Laufen|47.4200|7.4990 4310|Rheinfelden|47.5540|7.7940
4127|Birsfelden|47.5530|7.6230 4500|Solothurn|47.2088|7.5323 4600|Olten|47.3500|7.9033 4562|Biberist|47.1810|7.5560
4528|Zuchwil|47.2020|7.5630 4614|Hägendorf|47.3340|7.8430 4663|Aarburg|47.3210|7.9000 4665|Oftringen|47.3120|7.9210
4800|Zofingen|47.2880|7.9450 4702|Oensingen|47.2870|7.7240 4710|Balsthal|47.3160|7.6930 4226|Breitenbach|47.4060|7.5460
5000|Aarau|47.3925|8.0442 5004|Aarau|47.4000|8.0600 5033|Buchs AG|47.3920|8.0800 5034|Suhr|47.3720|8.0780
5400|Baden|47.4733|8.3081 5430|Wettingen|47.4660|8.3270 5200|Brugg|47.4810|8.2080 5600|Lenzburg|47.3880|8.1750
5610|Wohlen AG|47.3510|8.2780 5620|Bremgarten AG|47.3520|8.3420 5630|Muri AG|47.2750|8.3380 5734|Reinach AG|47.2550|8.1820
5070|Frick|47.5090|8.0150 5312|Döttingen|47.5700|8.2600 5415|Nussbaumen|47.4880|8.2930 8957|Spreitenbach|47.4200|8.3680
8965|Berikon|47.3510|8.3720 5242|Birr|47.4380|8.1990 5734|Reinach AG|47.2550|8.1820 4332|Stein AG|47.5430|7.9530
6000|Luzern|47.0502|8.3093 6003|Luzern|47.0502|8.3093 6004|Luzern|47.0570|8.3040 6005|Luzern|47.0430|8.3160
6006|Luzern|47.0590|8.3260 6010|Kriens|47.0340|8.2800 6020|Emmenbrücke|47.0780|8.2730 6030|Ebikon|47.0800|8.3400
6032|Emmen|47.0830|8.3030 6210|Sursee|47.1710|8.1090 6280|Hochdorf|47.1680|8.2920 6102|Malters|47.0360|8.1920
6130|Willisau|47.1220|7.9930 6170|Schüpfheim|46.9520|8.0170 6048|Horw|47.0170|8.3110
6300|Zug|47.1662|8.5155 6330|Cham|47.1810|8.4630 6340|Baar|47.1960|8.5290 6312|Steinhausen|47.1950|8.4860
6318|Walchwil|47.1010|8.5160 6319|Allenwinden|47.1650|8.5520 6343|Rotkreuz|47.1420|8.4310
6430|Schwyz|47.0207|8.6530 6440|Brunnen|46.9950|8.6070 8808|Pfäffikon SZ|47.2010|8.7810 8853|Lachen|47.1920|8.8540
8840|Einsiedeln|47.1280|8.7470 8832|Wollerau|47.1950|8.7190 6403|Küssnacht am Rigi|47.0850|8.4420 8854|Siebnen|47.1750|8.8990
6460|Altdorf|46.8804|8.6443 6472|Erstfeld|46.8190|8.6510 6490|Andermatt|46.6360|8.5940 6370|Stans|46.9580|8.3660
6060|Sarnen|46.8960|8.2460 6064|Kerns|46.9010|8.2750 6390|Engelberg|46.8200|8.4010 6052|Hergiswil|46.9840|8.3090
1200|Genève|46.2044|6.1432 1201|Genève|46.2101|6.1426 1202|Genève|46.2200|6.1450 1203|Genève|46.2080|6.1250
1204|Genève|46.2044|6.1432 1205|Genève|46.1950|6.1420 1206|Genève|46.1910|6.1600 1207|Genève|46.2050|6.1620
1208|Genève|46.1970|6.1640 1209|Genève|46.2200|6.1250 1213|Onex|46.1840|6.1000 1212|Grand-Lancy|46.1790|6.1210
1217|Meyrin|46.2330|6.0800 1219|Le Lignon|46.2060|6.0960 1214|Vernier|46.2170|6.0850 1220|Les Avanchets|46.2200|6.1080
1225|Chêne-Bourg|46.1950|6.1960 1226|Thônex|46.1880|6.2010 1227|Carouge|46.1810|6.1390 1228|Plan-les-Ouates|46.1680|6.1170
1290|Versoix|46.2840|6.1620 1222|Vésenaz|46.2390|6.1960 1232|Confignon|46.1740|6.0840 1234|Vessy|46.1790|6.1590
1260|Nyon|46.3833|6.2398 1196|Gland|46.4200|6.2700 1110|Morges|46.5110|6.4990 1020|Renens|46.5390|6.5880
1000|Lausanne|46.5197|6.6323 1003|Lausanne|46.5197|6.6323 1004|Lausanne|46.5260|6.6220 1005|Lausanne|46.5190|6.6440
1006|Lausanne|46.5100|6.6300 1007|Lausanne|46.5140|6.6150 1010|Lausanne|46.5360|6.6550 1012|Lausanne|46.5250|6.6500
1018|Lausanne|46.5370|6.6290 1008|Prilly|46.5360|6.6040 1009|Pully|46.5100|6.6600 1022|Chavannes-près-Renens|46.5300|6.5700
1023|Crissier|46.5450|6.5750 1024|Ecublens VD|46.5270|6.5620 1030|Bussigny|46.5500|6.5540 1052|Le Mont-sur-Lausanne|46.5580|6.6320
1066|Epalinges|46.5470|6.6690 1095|Lutry|46.5030|6.6860 1800|Vevey|46.4628|6.8432 1814|La Tour-de-Peilz|46.4530|6.8580
1815|Clarens|46.4410|6.8930 1820|Montreux|46.4312|6.9107 1844|Villeneuve VD|46.3970|6.9280 1860|Aigle|46.3180|6.9700
1870|Monthey|46.2550|6.9540 1880|Bex|46.2510|7.0120 1890|Saint-Maurice|46.2180|7.0030 1920|Martigny|46.1028|7.0727
1950|Sion|46.2331|7.3606 1951|Sion|46.2331|7.3606 3960|Sierre|46.2920|7.5360 3900|Brig|46.3160|7.9870
3930|Visp|46.2940|7.8810 1937|Orsières|46.0290|7.1460 1936|Verbier|46.0960|7.2280 3963|Crans-Montana|46.3100|7.4810
1400|Yverdon-les-Bains|46.7785|6.6411 1337|Vallorbe|46.7120|6.3790 1350|Orbe|46.7240|6.5320 1530|Payerne|46.8220|6.9380
1510|Moudon|46.6680|6.7980 1610|Oron-la-Ville|46.5720|6.8240 1450|Sainte-Croix|46.8220|6.5020 1170|Aubonne|46.4950|6.3920
1180|Rolle|46.4580|6.3370 1163|Etoy|46.4860|6.4190 1040|Echallens|46.6420|6.6340 1304|Cossonay|46.6140|6.5060
1700|Fribourg|46.8065|7.1619 1752|Villars-sur-Glâne|46.7900|7.1260 1762|Givisiez|46.8120|7.1270 1630|Bulle|46.6190|7.0570
1680|Romont FR|46.6960|6.9180 3186|Düdingen|46.8490|7.1880 1470|Estavayer-le-Lac|46.8490|6.8460 1635|La Tour-de-Trême|46.6100|7.0640
3210|Kerzers|46.9760|7.1960 1618|Châtel-Saint-Denis|46.5270|6.9010
2000|Neuchâtel|46.9900|6.9293 2300|La Chaux-de-Fonds|47.0999|6.8259 2400|Le Locle|47.0560|6.7490 2034|Peseux|46.9870|6.8890
2074|Marin-Epagnier|47.0100|6.9980 2016|Cortaillod|46.9430|6.8440 2017|Boudry|46.9500|6.8370 2114|Fleurier|46.9020|6.5820
2800|Delémont|47.3649|7.3445 2900|Porrentruy|47.4150|7.0750 2350|Saignelégier|47.2560|6.9960
6900|Lugano|46.0037|8.9511 6900|Massagno|46.0120|8.9430 6901|Lugano|46.0037|8.9511 6962|Viganello|46.0130|8.9690
6963|Pregassona|46.0200|8.9700 6932|Breganzona|46.0090|8.9290 6900|Paradiso|45.9890|8.9460 6952|Canobbio|46.0350|8.9670
6942|Savosa|46.0210|8.9520 6982|Agno|45.9990|8.9020 6926|Montagnola|45.9830|8.9190 6918|Figino|45.9510|8.9050
6830|Chiasso|45.8320|9.0310 6850|Mendrisio|45.8704|8.9817 6855|Stabio|45.8500|8.9360 6834|Morbio Inferiore|45.8490|9.0190
6500|Bellinzona|46.1955|9.0238 6512|Giubiasco|46.1740|9.0070 6532|Castione|46.2230|9.0440 6600|Locarno|46.1709|8.7995
6600|Muralto|46.1730|8.8020 6612|Ascona|46.1570|8.7720 6616|Losone|46.1690|8.7590 6648|Minusio|46.1780|8.8150
6710|Biasca|46.3590|8.9700 6780|Airolo|46.5280|8.6100 6814|Lamone|46.0440|8.9320 6815|Melide|45.9550|8.9490
6527|Lodrino|46.3020|8.9800
9490|Vaduz|47.1410|9.5209 9494|Schaan|47.1650|9.5097 9495|Triesen|47.1070|9.5276 9496|Balzers|47.0667|9.5025
9492|Eschen|47.2107|9.5228 9493|Mauren|47.2180|9.5440 9497|Triesenberg|47.1180|9.5430 9491|Ruggell|47.2450|9.5250
9487|Gamprin|47.2200|9.5080 9488|Schellenberg|47.2310|9.5470 9498|Planken|47.1850|9.5440 9485|Nendeln|47.1980|9.5430
`;

export interface PostalCodeLocation {
  zipcode: string;
  city: string;
  countryIso: 'CH' | 'LI';
  latitude: number;
  longitude: number;
}

/** Liechtenstein's postal codes are 9485–9498 (inside the Swiss postal system). */
function countryOf(zipcode: string): 'CH' | 'LI' {
  const code = Number(zipcode);
  return code >= 9485 && code <= 9498 ? 'LI' : 'CH';
}

/** The seeded places, one per (postal code, town). */
export function postalCodeLocations(): PostalCodeLocation[] {
  const seen = new Set<string>();
  const places: PostalCodeLocation[] = [];
  for (const entry of LOCATIONS.split(/\s+(?=\d{4}\|)/)) {
    const [zipcode, city, latitude, longitude] = entry.trim().split('|');
    if (!zipcode || !city || !latitude || !longitude) continue;
    const key = `${zipcode}|${city}`;
    if (seen.has(key)) continue;
    seen.add(key);
    places.push({ zipcode, city, countryIso: countryOf(zipcode), latitude: Number(latitude), longitude: Number(longitude) });
  }
  return places;
}

export function seedPostalCodes(w: TableWriter): void {
  for (const place of postalCodeLocations()) {
    w.insert('postal_code_location', {
      zipcode: place.zipcode, city: place.city, country_iso: place.countryIso, latitude: place.latitude, longitude: place.longitude,
    });
  }
}

/** A shop seeded before the pharmacy finder gets its postal codes once (nothing happens when rows exist). */
export function ensurePostalCodes(db: Db): number {
  const count = db.prepare('SELECT COUNT(*) FROM postal_code_location').pluck().get() as number;
  if (count > 0) return 0;
  const insert = db.prepare('INSERT OR IGNORE INTO postal_code_location (zipcode, city, country_iso, latitude, longitude) VALUES (?, ?, ?, ?, ?)');
  const places = postalCodeLocations();
  db.transaction(() => {
    for (const p of places) insert.run(p.zipcode, p.city, p.countryIso, p.latitude, p.longitude);
  })();
  return places.length;
}
