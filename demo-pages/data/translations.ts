/**
 * Names of the demo data in the eight languages besides Russian and English (the data keeps a
 * Russian and an English name of each thing): report lines (IFRS, RAS without the form's line
 * code, FMP), the holders table's summary rows and the tariffs. Keyed by the English name; the
 * server writes a name missing here in English, marked as English (demo-pages/server/shared/lang.ts).
 */
import type { Lang } from '../../src/contract/types.ts';

/** The languages a name is translated into here, in LANGUAGES order. */
export const TRANSLATED_LANGS = [
  'pol',
  'ita',
  'deu',
  'esp',
  'chn',
  'ukr',
  'fra',
  'tur',
] as const satisfies Lang[];
type Row = [
  pol: string,
  ita: string,
  deu: string,
  esp: string,
  chn: string,
  ukr: string,
  fra: string,
  tur: string,
];

// prettier-ignore
const ROWS: Record<string, Row> = {
  // IFRS balance sheet
  'Total assets': ['Aktywa razem', 'Totale attività', 'Summe Aktiva', 'Total activos', '资产总计', 'Активи, усього', 'Total des actifs', 'Toplam varlıklar'],
  'Non-current assets': ['Aktywa trwałe', 'Attività non correnti', 'Langfristige Vermögenswerte', 'Activos no corrientes', '非流动资产', 'Необоротні активи', 'Actifs non courants', 'Duran varlıklar'],
  'Current assets': ['Aktywa obrotowe', 'Attività correnti', 'Kurzfristige Vermögenswerte', 'Activos corrientes', '流动资产', 'Оборотні активи', 'Actifs courants', 'Dönen varlıklar'],
  'Cash and cash equivalents': ['Środki pieniężne i ich ekwiwalenty', 'Disponibilità liquide e mezzi equivalenti', 'Zahlungsmittel und Zahlungsmitteläquivalente', 'Efectivo y equivalentes de efectivo', '现金及现金等价物', 'Грошові кошти та їх еквіваленти', 'Trésorerie et équivalents de trésorerie', 'Nakit ve nakit benzerleri'],
  'Total equity': ['Kapitał własny razem', 'Totale patrimonio netto', 'Summe Eigenkapital', 'Total patrimonio neto', '所有者权益合计', 'Власний капітал, усього', 'Total des capitaux propres', 'Toplam özkaynaklar'],
  'Share capital': ['Kapitał zakładowy', 'Capitale sociale', 'Gezeichnetes Kapital', 'Capital social', '股本', 'Статутний капітал', 'Capital social', 'Ödenmiş sermaye'],
  'Retained earnings': ['Zyski zatrzymane', 'Utili portati a nuovo', 'Gewinnrücklagen', 'Ganancias acumuladas', '未分配利润', 'Нерозподілений прибуток', 'Résultats non distribués', 'Geçmiş yıllar kârları'],
  'Total liabilities': ['Zobowiązania razem', 'Totale passività', 'Summe Verbindlichkeiten', 'Total pasivos', '负债合计', 'Зобов’язання, усього', 'Total des passifs', 'Toplam yükümlülükler'],
  'Non-current liabilities': ['Zobowiązania długoterminowe', 'Passività non correnti', 'Langfristige Verbindlichkeiten', 'Pasivos no corrientes', '非流动负债', 'Довгострокові зобов’язання', 'Passifs non courants', 'Uzun vadeli yükümlülükler'],
  'Current liabilities': ['Zobowiązania krótkoterminowe', 'Passività correnti', 'Kurzfristige Verbindlichkeiten', 'Pasivos corrientes', '流动负债', 'Поточні зобов’язання', 'Passifs courants', 'Kısa vadeli yükümlülükler'],
  Borrowings: ['Kredyty i pożyczki', 'Finanziamenti', 'Finanzverbindlichkeiten', 'Préstamos y créditos', '借款', 'Кредити та позики', 'Emprunts', 'Borçlanmalar'],
  'Long-term borrowings': ['Kredyty i pożyczki długoterminowe', 'Finanziamenti a lungo termine', 'Langfristige Finanzverbindlichkeiten', 'Préstamos a largo plazo', '长期借款', 'Довгострокові кредити та позики', 'Emprunts à long terme', 'Uzun vadeli borçlanmalar'],
  'Short-term borrowings': ['Kredyty i pożyczki krótkoterminowe', 'Finanziamenti a breve termine', 'Kurzfristige Finanzverbindlichkeiten', 'Préstamos a corto plazo', '短期借款', 'Короткострокові кредити та позики', 'Emprunts à court terme', 'Kısa vadeli borçlanmalar'],
  'Property, plant and equipment': ['Rzeczowe aktywa trwałe', 'Immobili, impianti e macchinari', 'Sachanlagen', 'Inmovilizado material', '固定资产', 'Основні засоби', 'Immobilisations corporelles', 'Maddi duran varlıklar'],
  'Intangible assets': ['Wartości niematerialne', 'Attività immateriali', 'Immaterielle Vermögenswerte', 'Activos intangibles', '无形资产', 'Нематеріальні активи', 'Immobilisations incorporelles', 'Maddi olmayan duran varlıklar'],
  Inventories: ['Zapasy', 'Rimanenze', 'Vorräte', 'Existencias', '存货', 'Запаси', 'Stocks', 'Stoklar'],
  'Trade and other receivables': ['Należności z tytułu dostaw i pozostałe', 'Crediti commerciali e altri crediti', 'Forderungen aus Lieferungen und sonstige Forderungen', 'Deudores comerciales y otras cuentas a cobrar', '应收账款及其他应收款', 'Торговельна та інша дебіторська заборгованість', 'Créances clients et autres créances', 'Ticari ve diğer alacaklar'],
  'Trade and other payables': ['Zobowiązania z tytułu dostaw i pozostałe', 'Debiti commerciali e altri debiti', 'Verbindlichkeiten aus Lieferungen und sonstige Verbindlichkeiten', 'Acreedores comerciales y otras cuentas a pagar', '应付账款及其他应付款', 'Торговельна та інша кредиторська заборгованість', 'Dettes fournisseurs et autres dettes', 'Ticari ve diğer borçlar'],
  // IFRS profit and loss
  Revenue: ['Przychody', 'Ricavi', 'Umsatzerlöse', 'Ingresos', '营业收入', 'Виручка', "Chiffre d'affaires", 'Hasılat'],
  'Domestic revenue': ['Przychody na rynku krajowym', 'Ricavi sul mercato interno', 'Inlandsumsatz', 'Ingresos en el mercado interno', '国内收入', 'Виручка на внутрішньому ринку', "Chiffre d'affaires intérieur", 'Yurt içi hasılat'],
  'Revenue abroad': ['Przychody na rynkach zagranicznych', 'Ricavi sui mercati esteri', 'Auslandsumsatz', 'Ingresos en mercados exteriores', '海外收入', 'Виручка на зовнішніх ринках', "Chiffre d'affaires à l'étranger", 'Yurt dışı hasılat'],
  'Gross profit': ['Zysk brutto ze sprzedaży', 'Utile lordo', 'Bruttoergebnis', 'Beneficio bruto', '毛利润', 'Валовий прибуток', 'Marge brute', 'Brüt kâr'],
  'Operating profit': ['Zysk operacyjny', 'Utile operativo', 'Betriebsergebnis', 'Beneficio operativo', '营业利润', 'Операційний прибуток', "Résultat d'exploitation", 'Faaliyet kârı'],
  EBITDA: ['EBITDA', 'EBITDA', 'EBITDA', 'EBITDA', 'EBITDA', 'EBITDA', 'EBITDA', 'FAVÖK'],
  'Net income': ['Zysk netto', 'Utile netto', 'Jahresüberschuss', 'Beneficio neto', '净利润', 'Чистий прибуток', 'Résultat net', 'Net kâr'],
  'attributable to shareholders': ['przypadający akcjonariuszom spółki', 'attribuibile agli azionisti', 'davon den Aktionären zurechenbar', 'atribuible a los accionistas', '归属于公司股东', 'що належить акціонерам компанії', 'attribuable aux actionnaires', 'şirket hissedarlarına ait'],
  'attributable to non-controlling interests': ['przypadający udziałom niekontrolującym', 'attribuibile alle partecipazioni di minoranza', 'davon nicht beherrschenden Anteilen zurechenbar', 'atribuible a participaciones no dominantes', '归属于少数股东', 'що належить неконтрольним часткам', 'attribuable aux participations ne donnant pas le contrôle', 'kontrol gücü olmayan paylara ait'],
  'Cost of sales': ['Koszt własny sprzedaży', 'Costo del venduto', 'Umsatzkosten', 'Coste de las ventas', '营业成本', 'Собівартість продажів', 'Coût des ventes', 'Satışların maliyeti'],
  'Selling, general and administrative expenses': ['Koszty sprzedaży i ogólnego zarządu', 'Spese di vendita, generali e amministrative', 'Vertriebs- und Verwaltungskosten', 'Gastos de venta, generales y de administración', '销售、一般及管理费用', 'Комерційні та адміністративні витрати', 'Frais commerciaux, généraux et administratifs', 'Pazarlama, genel yönetim giderleri'],
  'Depreciation and amortisation': ['Amortyzacja', 'Ammortamenti', 'Abschreibungen', 'Amortización', '折旧与摊销', 'Амортизація', 'Dotations aux amortissements', 'Amortisman ve itfa payları'],
  'Finance income': ['Przychody finansowe', 'Proventi finanziari', 'Finanzerträge', 'Ingresos financieros', '财务收入', 'Фінансові доходи', 'Produits financiers', 'Finansman gelirleri'],
  'Finance costs': ['Koszty finansowe', 'Oneri finanziari', 'Finanzaufwendungen', 'Gastos financieros', '财务费用', 'Фінансові витрати', 'Charges financières', 'Finansman giderleri'],
  'Profit before tax': ['Zysk przed opodatkowaniem', 'Utile ante imposte', 'Ergebnis vor Steuern', 'Beneficio antes de impuestos', '税前利润', 'Прибуток до оподаткування', 'Résultat avant impôt', 'Vergi öncesi kâr'],
  'Income tax': ['Podatek dochodowy', 'Imposte sul reddito', 'Ertragsteuern', 'Impuesto sobre beneficios', '所得税', 'Податок на прибуток', 'Impôt sur le résultat', 'Gelir vergisi'],
  'Earnings per share': ['Zysk na akcję', 'Utile per azione', 'Ergebnis je Aktie', 'Beneficio por acción', '每股收益', 'Прибуток на акцію', 'Résultat par action', 'Hisse başına kâr'],
  // IFRS cash flow
  'Net cash from operating activities': ['Przepływy pieniężne z działalności operacyjnej', 'Flusso di cassa da attività operative', 'Cashflow aus laufender Geschäftstätigkeit', 'Flujo de efectivo de actividades de explotación', '经营活动现金流量净额', 'Грошовий потік від операційної діяльності', 'Flux de trésorerie liés à l’exploitation', 'İşletme faaliyetlerinden nakit akışı'],
  'Net cash used in investing activities': ['Przepływy pieniężne z działalności inwestycyjnej', 'Flusso di cassa da attività di investimento', 'Cashflow aus Investitionstätigkeit', 'Flujo de efectivo de actividades de inversión', '投资活动现金流量净额', 'Грошовий потік від інвестиційної діяльності', 'Flux de trésorerie liés à l’investissement', 'Yatırım faaliyetlerinden nakit akışı'],
  'Capital expenditure': ['Nakłady inwestycyjne', 'Investimenti in conto capitale', 'Investitionsausgaben', 'Inversiones de capital', '资本支出', 'Капітальні витрати', 'Dépenses d’investissement', 'Yatırım harcamaları'],
  'Net cash from financing activities': ['Przepływy pieniężne z działalności finansowej', 'Flusso di cassa da attività di finanziamento', 'Cashflow aus Finanzierungstätigkeit', 'Flujo de efectivo de actividades de financiación', '筹资活动现金流量净额', 'Грошовий потік від фінансової діяльності', 'Flux de trésorerie liés au financement', 'Finansman faaliyetlerinden nakit akışı'],
  'Dividends paid': ['Wypłacone dywidendy', 'Dividendi pagati', 'Gezahlte Dividenden', 'Dividendos pagados', '已付股利', 'Виплачені дивіденди', 'Dividendes versés', 'Ödenen temettüler'],
  'Free cash flow': ['Wolne przepływy pieniężne', 'Flusso di cassa libero', 'Freier Cashflow', 'Flujo de caja libre', '自由现金流', 'Вільний грошовий потік', 'Flux de trésorerie disponible', 'Serbest nakit akışı'],
  'Net change in cash': ['Zmiana stanu środków pieniężnych', 'Variazione delle disponibilità liquide', 'Veränderung der Zahlungsmittel', 'Variación del efectivo', '现金净变动', 'Зміна грошових коштів', 'Variation de la trésorerie', 'Nakitteki net değişim'],
  'Interest paid': ['Zapłacone odsetki', 'Interessi pagati', 'Gezahlte Zinsen', 'Intereses pagados', '已付利息', 'Сплачені відсотки', 'Intérêts versés', 'Ödenen faiz'],
  'Income tax paid': ['Zapłacony podatek dochodowy', 'Imposte sul reddito pagate', 'Gezahlte Ertragsteuern', 'Impuesto sobre beneficios pagado', '已付所得税', 'Сплачений податок на прибуток', 'Impôt sur le résultat versé', 'Ödenen gelir vergisi'],
  // Parameters
  'Shares outstanding': ['Liczba akcji', 'Numero di azioni', 'Anzahl der Aktien', 'Número de acciones', '股份数量', 'Кількість акцій', "Nombre d'actions", 'Hisse sayısı'],
  Employees: ['Liczba pracowników', 'Numero di dipendenti', 'Mitarbeiterzahl', 'Número de empleados', '员工人数', 'Чисельність персоналу', 'Effectif', 'Çalışan sayısı'],
  'Book value per share': ['Wartość księgowa na akcję', 'Valore contabile per azione', 'Buchwert je Aktie', 'Valor contable por acción', '每股账面价值', 'Балансова вартість на акцію', 'Valeur comptable par action', 'Hisse başına defter değeri'],
  'Dividends per share': ['Dywidenda na akcję', 'Dividendi per azione', 'Dividende je Aktie', 'Dividendos por acción', '每股股息', 'Дивіденди на акцію', 'Dividendes par action', 'Hisse başına temettü'],
  'Net debt': ['Dług netto', 'Debito netto', 'Nettoverschuldung', 'Deuda neta', '净债务', 'Чистий борг', 'Dette nette', 'Net borç'],
  'Working capital': ['Kapitał obrotowy', 'Capitale circolante', 'Betriebskapital', 'Capital circulante', '营运资本', 'Оборотний капітал', 'Fonds de roulement', 'İşletme sermayesi'],
  // RAS (the form's line code follows the name)
  'Total non-current assets': ['Aktywa trwałe razem', 'Totale attività non correnti', 'Summe Anlagevermögen', 'Total activos no corrientes', '非流动资产合计', 'Усього необоротних активів', 'Total des actifs immobilisés', 'Toplam duran varlıklar'],
  'Fixed assets': ['Środki trwałe', 'Immobilizzazioni materiali', 'Sachanlagen', 'Activos fijos', '固定资产', 'Основні засоби', 'Immobilisations corporelles', 'Maddi duran varlıklar'],
  'Financial investments': ['Inwestycje finansowe', 'Investimenti finanziari', 'Finanzanlagen', 'Inversiones financieras', '金融投资', 'Фінансові вкладення', 'Placements financiers', 'Finansal yatırımlar'],
  'Total current assets': ['Aktywa obrotowe razem', 'Totale attività correnti', 'Summe Umlaufvermögen', 'Total activos corrientes', '流动资产合计', 'Усього оборотних активів', 'Total des actifs circulants', 'Toplam dönen varlıklar'],
  'Accounts receivable': ['Należności', 'Crediti', 'Forderungen', 'Cuentas a cobrar', '应收账款', 'Дебіторська заборгованість', 'Créances', 'Alacaklar'],
  'Balance, assets': ['Bilans, aktywa', 'Stato patrimoniale, attivo', 'Bilanzsumme, Aktiva', 'Balance, activo', '资产负债表，资产', 'Баланс, актив', 'Bilan, actif', 'Bilanço, aktif'],
  'Total capital and reserves': ['Kapitał i rezerwy razem', 'Totale capitale e riserve', 'Summe Kapital und Rücklagen', 'Total capital y reservas', '资本和储备合计', 'Усього капітал і резерви', 'Total capitaux et réserves', 'Toplam sermaye ve yedekler'],
  'Total long-term liabilities': ['Zobowiązania długoterminowe razem', 'Totale passività a lungo termine', 'Summe langfristige Verbindlichkeiten', 'Total pasivos a largo plazo', '长期负债合计', 'Усього довгострокових зобов’язань', 'Total des dettes à long terme', 'Toplam uzun vadeli yükümlülükler'],
  'Total short-term liabilities': ['Zobowiązania krótkoterminowe razem', 'Totale passività a breve termine', 'Summe kurzfristige Verbindlichkeiten', 'Total pasivos a corto plazo', '短期负债合计', 'Усього короткострокових зобов’язань', 'Total des dettes à court terme', 'Toplam kısa vadeli yükümlülükler'],
  'Accounts payable': ['Zobowiązania z tytułu dostaw', 'Debiti', 'Verbindlichkeiten', 'Cuentas a pagar', '应付账款', 'Кредиторська заборгованість', 'Dettes', 'Borçlar'],
  'Balance, liabilities and equity': ['Bilans, pasywa', 'Stato patrimoniale, passivo', 'Bilanzsumme, Passiva', 'Balance, pasivo', '资产负债表，负债和权益', 'Баланс, пасив', 'Bilan, passif', 'Bilanço, pasif'],
  'Profit from sales': ['Zysk ze sprzedaży', 'Utile dalle vendite', 'Ergebnis aus Verkäufen', 'Beneficio por ventas', '销售利润', 'Прибуток від продажів', 'Résultat des ventes', 'Satış kârı'],
  'Net profit': ['Zysk netto', 'Utile netto', 'Jahresüberschuss', 'Beneficio neto', '净利润', 'Чистий прибуток', 'Bénéfice net', 'Net kâr'],
  'Selling expenses': ['Koszty sprzedaży', 'Spese di vendita', 'Vertriebskosten', 'Gastos de venta', '销售费用', 'Комерційні витрати', 'Frais commerciaux', 'Satış giderleri'],
  'Administrative expenses': ['Koszty ogólnego zarządu', 'Spese amministrative', 'Verwaltungskosten', 'Gastos de administración', '管理费用', 'Управлінські витрати', 'Frais administratifs', 'Genel yönetim giderleri'],
  'Interest receivable': ['Odsetki do otrzymania', 'Interessi attivi', 'Zinserträge', 'Intereses a cobrar', '应收利息', 'Відсотки до отримання', 'Intérêts à recevoir', 'Alınacak faizler'],
  'Interest payable': ['Odsetki do zapłaty', 'Interessi passivi', 'Zinsaufwendungen', 'Intereses a pagar', '应付利息', 'Відсотки до сплати', 'Intérêts à payer', 'Ödenecek faizler'],
  'Net cash flow from operations': ['Saldo przepływów z działalności bieżącej', 'Saldo dei flussi da attività correnti', 'Saldo der Zahlungsströme aus laufender Tätigkeit', 'Saldo de flujos de operaciones corrientes', '经营活动现金流量净额', 'Сальдо грошових потоків від поточних операцій', 'Solde des flux des opérations courantes', 'Cari faaliyetlerden net nakit akışı'],
  Receipts: ['Wpływy', 'Incassi', 'Einzahlungen', 'Cobros', '流入', 'Надходження', 'Encaissements', 'Tahsilatlar'],
  Payments: ['Wydatki', 'Pagamenti', 'Auszahlungen', 'Pagos', '流出', 'Платежі', 'Décaissements', 'Ödemeler'],
  'Net cash flow from investing': ['Saldo przepływów z działalności inwestycyjnej', 'Saldo dei flussi da attività di investimento', 'Saldo der Zahlungsströme aus Investitionstätigkeit', 'Saldo de flujos de operaciones de inversión', '投资活动现金流量净额', 'Сальдо грошових потоків від інвестиційних операцій', 'Solde des flux des opérations d’investissement', 'Yatırım faaliyetlerinden net nakit akışı'],
  'Net cash flow from financing': ['Saldo przepływów z działalności finansowej', 'Saldo dei flussi da attività finanziarie', 'Saldo der Zahlungsströme aus Finanzierungstätigkeit', 'Saldo de flujos de operaciones financieras', '筹资活动现金流量净额', 'Сальдо грошових потоків від фінансових операцій', 'Solde des flux des opérations de financement', 'Finansman faaliyetlerinden net nakit akışı'],
  'Net cash flow for the period': ['Saldo przepływów za okres', 'Saldo dei flussi del periodo', 'Saldo der Zahlungsströme der Periode', 'Saldo de flujos del periodo', '本期现金流量净额', 'Сальдо грошових потоків за звітний період', 'Solde des flux de la période', 'Dönemin net nakit akışı'],
  'Cash at the end of the period': ['Środki pieniężne na koniec okresu', 'Disponibilità liquide a fine periodo', 'Zahlungsmittel am Ende der Periode', 'Efectivo al final del periodo', '期末现金余额', 'Залишок грошових коштів на кінець періоду', 'Trésorerie en fin de période', 'Dönem sonu nakit'],
  'Cash at the beginning of the period': ['Środki pieniężne na początek okresu', 'Disponibilità liquide a inizio periodo', 'Zahlungsmittel am Anfang der Periode', 'Efectivo al inicio del periodo', '期初现金余额', 'Залишок грошових коштів на початок періоду', 'Trésorerie en début de période', 'Dönem başı nakit'],
  // FMP
  'Cost of revenue': ['Koszt przychodów', 'Costo dei ricavi', 'Umsatzkosten', 'Coste de los ingresos', '营业成本', 'Собівартість', 'Coût des revenus', 'Hasılat maliyeti'],
  'Operating income': ['Zysk operacyjny', 'Reddito operativo', 'Betriebsergebnis', 'Resultado operativo', '营业利润', 'Операційний прибуток', "Résultat d'exploitation", 'Faaliyet kârı'],
  'Interest expense': ['Koszty odsetkowe', 'Interessi passivi', 'Zinsaufwand', 'Gastos por intereses', '利息费用', 'Процентні витрати', "Charges d'intérêts", 'Faiz giderleri'],
  'Income before tax': ['Zysk przed opodatkowaniem', 'Utile ante imposte', 'Ergebnis vor Steuern', 'Beneficio antes de impuestos', '税前利润', 'Прибуток до оподаткування', 'Résultat avant impôt', 'Vergi öncesi kâr'],
  'Income tax expense': ['Podatek dochodowy', 'Imposte sul reddito', 'Ertragsteueraufwand', 'Gasto por impuesto sobre beneficios', '所得税费用', 'Податок на прибуток', "Charge d'impôt sur le résultat", 'Gelir vergisi gideri'],
  EPS: ['Zysk na akcję', 'Utile per azione', 'Ergebnis je Aktie', 'Beneficio por acción', '每股收益', 'Прибуток на акцію', 'Résultat par action', 'Hisse başına kâr'],
  'Net receivables': ['Należności netto', 'Crediti netti', 'Forderungen, netto', 'Cuentas a cobrar netas', '应收款项净额', 'Дебіторська заборгованість, нетто', 'Créances nettes', 'Net alacaklar'],
  Inventory: ['Zapasy', 'Rimanenze', 'Vorräte', 'Existencias', '存货', 'Запаси', 'Stocks', 'Stoklar'],
  'Property, plant and equipment, net': ['Rzeczowe aktywa trwałe netto', 'Immobili, impianti e macchinari netti', 'Sachanlagen, netto', 'Inmovilizado material neto', '固定资产净值', 'Основні засоби, нетто', 'Immobilisations corporelles nettes', 'Maddi duran varlıklar, net'],
  'Total current liabilities': ['Zobowiązania krótkoterminowe razem', 'Totale passività correnti', 'Summe kurzfristige Verbindlichkeiten', 'Total pasivos corrientes', '流动负债合计', 'Поточні зобов’язання, усього', 'Total des passifs courants', 'Toplam kısa vadeli yükümlülükler'],
  'Total debt': ['Dług razem', 'Debito totale', 'Gesamtverschuldung', 'Deuda total', '债务总额', 'Борг, усього', 'Dette totale', 'Toplam borç'],
  "Total stockholders' equity": ['Kapitał własny akcjonariuszy razem', 'Totale patrimonio netto degli azionisti', 'Summe Eigenkapital der Aktionäre', 'Total patrimonio neto de los accionistas', '股东权益合计', 'Власний капітал акціонерів, усього', 'Total des capitaux propres des actionnaires', 'Toplam hissedar özkaynakları'],
  'Operating cash flow': ['Operacyjne przepływy pieniężne', 'Flusso di cassa operativo', 'Operativer Cashflow', 'Flujo de caja operativo', '经营现金流', 'Операційний грошовий потік', "Flux de trésorerie d'exploitation", 'Faaliyet nakit akışı'],
  'Net cash used for investing activities': ['Przepływy pieniężne z działalności inwestycyjnej', 'Flusso di cassa da attività di investimento', 'Cashflow aus Investitionstätigkeit', 'Flujo de efectivo de actividades de inversión', '投资活动现金流量净额', 'Грошовий потік від інвестиційної діяльності', 'Flux de trésorerie liés à l’investissement', 'Yatırım faaliyetlerinden nakit akışı'],
  'Net cash used / provided by financing activities': ['Przepływy pieniężne z działalności finansowej', 'Flusso di cassa da attività di finanziamento', 'Cashflow aus Finanzierungstätigkeit', 'Flujo de efectivo de actividades de financiación', '筹资活动现金流量净额', 'Грошовий потік від фінансової діяльності', 'Flux de trésorerie liés au financement', 'Finansman faaliyetlerinden nakit akışı'],
  // Holders table: the summary rows after the named holders
  'Other shareholders': ['Pozostali akcjonariusze', 'Altri azionisti', 'Sonstige Aktionäre', 'Otros accionistas', '其他股东', 'Інші акціонери', 'Autres actionnaires', 'Diğer hissedarlar'],
  'Free float': ['Akcje w wolnym obrocie', 'Flottante', 'Streubesitz', 'Capital flotante', '自由流通股', 'У вільному обігу', 'Flottant', 'Halka açık kısım'],
  // Tariffs
  'Support with a personal manager': ['Wsparcie z osobistym opiekunem', 'Assistenza con un manager personale', 'Support mit persönlichem Betreuer', 'Soporte con un gestor personal', '专属经理支持', 'Підтримка з персональним менеджером', 'Assistance avec un conseiller personnel', 'Kişisel yönetici ile destek'],
  'Management access: basic': ['Dostęp zarządczy: podstawowy', 'Accesso gestionale: base', 'Management-Zugang: Basis', 'Acceso de gestión: básico', '管理权限：基础版', 'Управлінський доступ: базовий', 'Accès gestion : de base', 'Yönetim erişimi: temel'],
  'Management access: extended': ['Dostęp zarządczy: rozszerzony', 'Accesso gestionale: esteso', 'Management-Zugang: erweitert', 'Acceso de gestión: ampliado', '管理权限：扩展版', 'Управлінський доступ: розширений', 'Accès gestion : étendu', 'Yönetim erişimi: genişletilmiş'],
  'Management access: corporate': ['Dostęp zarządczy: korporacyjny', 'Accesso gestionale: aziendale', 'Management-Zugang: Unternehmen', 'Acceso de gestión: corporativo', '管理权限：企业版', 'Управлінський доступ: корпоративний', 'Accès gestion : entreprise', 'Yönetim erişimi: kurumsal'],
};

/** A RAS line ends with its form's line code, "Revenue (2110)": kept as it is in every language. */
const LINE_CODE = / \(\d{4}\)$/;

/** The name in `lang` of the thing whose English name is `nameEng`; undefined when not translated. */
export function translatedName(lang: (typeof TRANSLATED_LANGS)[number], nameEng: string): string | undefined {
  const code = LINE_CODE.exec(nameEng)?.[0] ?? '';
  const row = ROWS[code ? nameEng.slice(0, -code.length) : nameEng];
  const name = row?.[TRANSLATED_LANGS.indexOf(lang)];
  return name === undefined ? undefined : `${name}${code}`;
}
