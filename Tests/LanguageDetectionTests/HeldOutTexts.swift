/// Paragraphs written for the tests, on other subjects than the training text, so the
/// detector is checked on text it was not built from.
enum HeldOutTexts {
    static let paragraphs: [(language: String, text: String)] = [
        ("en", "The bridge over the estuary was closed for most of the morning after a lorry lost part of its load, and drivers faced delays of up to two hours. Engineers inspected the road surface before it was opened again shortly after lunch."),
        ("de", "Die Brücke über die Flussmündung war am Vormittag stundenlang gesperrt, nachdem ein Lastwagen einen Teil seiner Ladung verloren hatte. Autofahrer mussten bis zu zwei Stunden warten, bevor die Strecke kurz nach Mittag wieder freigegeben wurde."),
        ("fr", "Le pont qui enjambe l'estuaire a été fermé une bonne partie de la matinée après qu'un camion a perdu une partie de son chargement. Les automobilistes ont dû patienter jusqu'à deux heures avant la réouverture, peu après le déjeuner."),
        ("es", "El puente sobre la ría permaneció cerrado casi toda la mañana después de que un camión perdiera parte de su carga. Los conductores sufrieron retrasos de hasta dos horas hasta que la vía se reabrió poco después de la hora de comer."),
        ("it", "Il ponte sull'estuario è rimasto chiuso per gran parte della mattinata dopo che un camion aveva perso parte del carico. Gli automobilisti hanno dovuto aspettare fino a due ore prima che la strada venisse riaperta subito dopo pranzo."),
        ("pt", "A ponte sobre o estuário esteve fechada durante grande parte da manhã depois de um camião ter perdido parte da carga. Os condutores enfrentaram atrasos de até duas horas, até a via ser reaberta pouco depois do almoço."),
        ("nl", "De brug over de monding van de rivier was het grootste deel van de ochtend dicht nadat een vrachtwagen een deel van zijn lading had verloren. Automobilisten stonden tot twee uur in de file voordat de weg vlak na de lunch weer openging."),
        ("sv", "Bron över flodmynningen var avstängd större delen av förmiddagen sedan en lastbil hade tappat en del av sin last. Bilisterna fick vänta i upp till två timmar innan vägen öppnades igen strax efter lunch."),
        ("no", "Brua over elveosen var stengt det meste av formiddagen etter at en lastebil hadde mistet deler av lasten sin. Bilistene måtte vente i opptil to timer før veien ble åpnet igjen like etter lunsj, og det var fortsatt kø i ettermiddag."),
        ("ru", "Мост через устье реки был закрыт почти всё утро после того, как грузовик потерял часть груза. Водителям пришлось ждать до двух часов, пока движение не открыли снова вскоре после обеда."),
        ("ar", "أُغلق الجسر الممتد فوق مصب النهر معظم ساعات الصباح بعد أن فقدت شاحنة جزءا من حمولتها، واضطر السائقون إلى الانتظار مدة وصلت إلى ساعتين قبل إعادة فتح الطريق بعد الظهر بقليل."),
        ("ur", "دریا کے دہانے پر بنا پل صبح کے زیادہ تر حصے میں بند رہا کیونکہ ایک ٹرک کا کچھ سامان سڑک پر گر گیا تھا۔ ڈرائیوروں کو دو گھنٹے تک انتظار کرنا پڑا اور دوپہر کے کھانے کے کچھ دیر بعد سڑک دوبارہ کھول دی گئی۔"),
        ("he", "הגשר שמעל שפך הנהר היה סגור במשך רוב שעות הבוקר לאחר שמשאית איבדה חלק מהמטען שלה. הנהגים נאלצו להמתין עד שעתיים, עד שהכביש נפתח מחדש זמן קצר אחרי הצהריים."),
        ("zh", "一辆卡车的部分货物掉落在桥面上，河口大桥因此在上午大部分时间里封闭。司机们最多等了两个小时，直到午饭后不久道路才重新开放。"),
    ]

    /// The same kind of paragraph in close neighbours that are not NewsAPI languages.
    static let danish = "Broen over flodmundingen var lukket det meste af formiddagen, efter at en lastbil havde tabt en del af sin last. Bilisterne måtte vente i op til to timer, før vejen blev åbnet igen lidt efter frokost."
    static let persian = "پل روی دهانه رودخانه بیشتر ساعت‌های صبح بسته بود، چون یک کامیون بخشی از بار خود را روی جاده ریخته بود. رانندگان تا دو ساعت منتظر ماندند و جاده کمی بعد از ناهار دوباره باز شد."
    static let ukrainian = "Міст через гирло річки був закритий майже весь ранок після того, як вантажівка загубила частину вантажу. Водіям довелося чекати до двох годин, доки рух не відновили невдовзі після обіду."
    static let japanese = "河口にかかる橋は、トラックが荷物の一部を落としたため、午前中のほとんどの時間通行止めになりました。"
    static let korean = "트럭이 짐의 일부를 떨어뜨린 뒤 강 하구의 다리가 오전 내내 통제되었습니다."
    static let hindi = "नदी के मुहाने पर बना पुल सुबह के ज़्यादातर समय बंद रहा क्योंकि एक ट्रक का कुछ सामान सड़क पर गिर गया था।"
}
