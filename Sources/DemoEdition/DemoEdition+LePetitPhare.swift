extension DemoEdition {
    /// General news in French: the daily life of an invented harbour town, Port-Clair.
    static let lePetitPhare = DemoSource(
        id: "le-petit-phare",
        name: "Le Petit Phare",
        description: "Le quotidien de Port-Clair et de sa côte : le port, le marché, les écoles et ceux qui font vivre la ville. (démo)",
        siteURL: "https://le-petit-phare.example",
        category: .general,
        language: .fr,
        countryCode: "fr",
        monogram: "P",
        palette: DemoPalette(
            backgroundStart: "#86bde0", backgroundEnd: "#f7c99c",
            accents: ["#ffd166", "#1d4e6e", "#fff3b0"], ink: "#10263a"
        ),
        motif: .horizon,
        articles: [
            DemoArticle(
                slug: "marche-du-samedi-sur-le-quai",
                title: "Le marché du samedi s’installe pour de bon sur le quai",
                author: "Maëlle Kerhervé",
                summary: "Après un été d’essai, le marché de Port-Clair quitte la place de l’Église pour le quai Duguay. Les commerçants parlent d’une fréquentation en nette hausse.",
                body: """
                Depuis plus d’un siècle, le marché du samedi se tenait sur la place de l’Église, à l’ombre des tilleuls. Cet été, la mairie a proposé un essai : déplacer les étals sur le quai Duguay, face aux bateaux. L’essai est devenu définitif.

                ## Une affluence nouvelle

                Les commerçants sont unanimes. Le quai, plus large et plus lumineux, attire les promeneurs du port et les familles qui reviennent de la plage. Plusieurs maraîchers disent avoir vendu un tiers de plus qu’à l’ordinaire.

                > « On voit passer des gens qui ne venaient jamais au marché, explique Yvonne Le Goff, qui vend ses fromages de chèvre depuis trente ans. Ils s’arrêtent pour regarder les bateaux, et ils repartent avec un fromage. »

                ## Quelques ajustements

                Le déménagement a demandé quelques réglages. Les pêcheurs ont obtenu que le bout du quai reste libre pour décharger le matin. Des bornes électriques ont été installées pour les camions réfrigérés, et des bancs ont été ajoutés le long de l’eau.

                Les habitants du centre ancien regrettent un peu les tilleuls. La mairie promet d’y organiser un petit marché de producteurs le mercredi, pour que la place ne reste pas silencieuse.
                """
            ),
            DemoArticle(
                slug: "le-phare-ouvre-ses-portes",
                title: "Le phare de la pointe du Créac’h ouvre ses portes aux visiteurs",
                author: "Yannick Le Bihan",
                summary: "Automatisé depuis trente ans, le phare se visite désormais chaque après-midi d’été. Une association de bénévoles raconte la vie des anciens gardiens.",
                body: """
                Il faut gravir deux cent dix marches pour atteindre la lanterne du phare de la pointe du Créac’h. Arrivé en haut, le souffle un peu court, on découvre toute la baie de Port-Clair, les îlots, les bouées et, par temps clair, la côte voisine.

                Automatisé depuis trente ans, le phare était fermé au public. Cet été, l’association des Amis du Créac’h a obtenu l’autorisation de le faire visiter chaque après-midi.

                ## La vie des gardiens

                Les bénévoles, dont plusieurs enfants d’anciens gardiens, racontent la vie d’autrefois : les quarts de nuit, le mécanisme d’horlogerie à remonter toutes les quatre heures, les tempêtes qui isolaient la pointe pendant des jours.

                [figure] La lanterne du phare, avec son optique de verre taillé toujours en service.

                Dans l’ancien logement du gardien, l’association a reconstitué une cuisine des années cinquante, avec sa cuisinière à bois et son poste de radio.

                ## Les souvenirs d’une fille de gardien

                Parmi les bénévoles, Marie-Thérèse Le Dantec a grandi ici. Son père a été le dernier gardien du Créac’h, et elle se souvient des soirs d’hiver où elle faisait ses devoirs à la lueur de la lampe, pendant que le vent secouait les volets. Elle raconte aux visiteurs comment son père montait, toutes les quatre heures, remonter le mécanisme qui faisait tourner l’optique.

                « Les gens imaginent une vie solitaire, dit-elle. Mais il y avait toujours quelqu’un qui passait : le facteur, les pêcheurs, les promeneurs égarés. Mon père leur offrait le café dans cette cuisine. »

                Les visites se font par petits groupes de douze personnes, sur réservation à l’office de tourisme. L’association conseille de prévoir de bonnes chaussures : l’escalier en colimaçon est étroit, et les dernières marches se montent presque à l’échelle.

                ## Une lumière qui tourne toujours

                Le phare fonctionne toujours. Chaque nuit, sa lumière balaie la mer toutes les cinq secondes. Les visites s’arrêtent donc une heure avant le coucher du soleil, pour laisser la lanterne à son vrai travail.
                """
            ),
            DemoArticle(
                slug: "ecole-de-voile-pour-tous",
                title: "Une école de voile où tout le monde peut embarquer",
                author: "Maëlle Kerhervé",
                summary: "Le club nautique de Port-Clair a adapté deux voiliers pour accueillir des marins en fauteuil roulant. Les premières sorties ont eu lieu ce printemps.",
                body: """
                Sur le ponton du club nautique, un petit voilier blanc attend, équipé d’un siège pivotant et de commandes ramenées à portée de main. À côté, une grue légère permet de passer d’un fauteuil roulant au bateau en quelques secondes.

                ## Deux bateaux adaptés

                Le club a acheté et transformé deux voiliers grâce à une collecte menée par ses adhérents. Les moniteurs ont suivi une formation spécifique pendant l’hiver.

                - Les sorties ont lieu le mardi et le samedi, par beau temps.
                - Un bateau accompagnateur suit chaque sortie.
                - Les séances sont ouvertes aux enfants comme aux adultes.

                ## Le plaisir du vent

                Parmi les premiers élèves, Gaëtan Morvan, ancien pêcheur, n’était pas remonté sur un bateau depuis son accident. Il raconte avoir retrouvé, dès la première sortie, les sensations qu’il croyait perdues.

                > « Le vent dans la voile, le bruit de l’eau sur la coque, dit-il. Ça, personne ne peut vous le raconter. Il faut être dedans. »

                Le club espère organiser l’an prochain une petite régate réunissant tous ses marins, avec et sans fauteuil.
                """
            ),
            DemoArticle(
                slug: "mediatheque-prete-instruments",
                title: "À la médiathèque, on emprunte désormais des violons et des guitares",
                author: "Soizic Ar Menn",
                summary: "La médiathèque de Port-Clair prête une quarantaine d’instruments de musique pour trois semaines. La liste d’attente pour l’accordéon est déjà longue.",
                body: """
                Entre les romans policiers et les bandes dessinées, un nouveau rayon est apparu à la médiathèque de Port-Clair. Sur des étagères capitonnées reposent des guitares, des violons, un violoncelle, des ukulélés, des flûtes et trois accordéons.

                ## Emprunter comme un livre

                Le principe est simple : avec une carte de lecteur, on peut emprunter un instrument pour trois semaines, gratuitement. Chaque étui contient une méthode pour débutants et une fiche d’entretien.

                Les instruments ont été donnés par des habitants ou achetés d’occasion, puis révisés par un luthier de la ville qui a accepté de les entretenir bénévolement.

                ## Un succès inattendu

                En deux mois, presque tous les instruments sont sortis au moins une fois. L’accordéon, instrument traditionnel de la région, affiche une liste d’attente de plusieurs semaines.

                Les bibliothécaires ont dû s’adapter. Elles vérifient désormais les cordes au retour de chaque violon, et un petit panneau à l’entrée rappelle, avec humour, que la salle de lecture reste un lieu de silence.

                La médiathèque organise désormais un atelier un samedi par mois, où des musiciens amateurs accueillent les emprunteurs pour leurs premiers pas.
                """
            ),
            DemoArticle(
                slug: "dernier-cordonnier-transmet",
                title: "Le dernier cordonnier de Port-Clair transmet son atelier",
                author: "Yannick Le Bihan",
                summary: "Après quarante-deux ans derrière son établi de la rue des Halles, Joseph Tanguy passe la main à une jeune artisane. Les clients fidèles sont rassurés.",
                body: """
                L’atelier de la rue des Halles sent le cuir, la cire et la colle. Sur les étagères, des dizaines de paires de chaussures attendent, chacune avec une étiquette écrite à la main. Depuis quarante-deux ans, Joseph Tanguy y répare semelles, talons et fermetures.

                À soixante-neuf ans, il a décidé de transmettre son atelier. Sa successeure, Nolwenn Guivarc’h, a trente et un ans et travaillait jusqu’ici dans un atelier de maroquinerie.

                ## Un an d’apprentissage

                Pendant un an, les deux artisans ont travaillé côte à côte. Joseph Tanguy a transmis ses gestes, ses fournisseurs et surtout la connaissance de sa clientèle : qui préfère des talons en caoutchouc, qui use toujours la même semelle du même côté.

                > « Un cordonnier, ce n’est pas seulement des mains, dit-il. C’est aussi une mémoire des pieds de toute une ville. »

                ## Quelques nouveautés

                Nolwenn Guivarc’h conserve l’essentiel mais ajoute quelques services : réparation de sacs, entretien des bottes de mer et cours d’initiation le samedi matin.

                Joseph Tanguy, lui, promet de passer régulièrement. Il a gardé une clé de l’atelier, au cas où.
                """
            ),
            DemoArticle(
                slug: "grandes-marees-peche-a-pied",
                title: "Grandes marées : la baie se découvre et les pêcheurs à pied affluent",
                author: "Soizic Ar Menn",
                summary: "Avec les plus forts coefficients de l’année, la mer s’est retirée très loin ce week-end. Des bénévoles étaient présents sur l’estran pour rappeler les bonnes pratiques.",
                body: """
                Samedi matin, à marée basse, la baie de Port-Clair ressemblait à un immense désert de sable et de rochers. La mer s’était retirée à plus d’un kilomètre, découvrant des rochers que l’on ne voit que quelques jours par an.

                Des centaines de pêcheurs à pied, seaux et râteaux à la main, ont profité de ces grandes marées, les plus fortes de l’année.

                ## Partager l’estran

                Des bénévoles d’une association de protection du littoral étaient présents pour informer les promeneurs. Ils distribuaient une réglette indiquant la taille minimale des coquillages et rappelaient de remettre en place les pierres retournées, qui abritent toute une vie.

                [figure] L’estran découvert à marée basse, vu depuis la pointe du Créac’h.

                ## Surveiller la mer

                Les sauveteurs ont aussi rappelé que la mer remonte vite lors des grandes marées. Une sirène a retenti une heure avant le retour de l’eau, et chacun a regagné la plage sans incident.

                Les prochaines grandes marées sont attendues au printemps. Les bénévoles seront de nouveau là.
                """
            ),
            DemoArticle(
                slug: "jardin-partage-ancienne-voie-ferree",
                title: "Un jardin partagé pousse sur l’ancienne voie ferrée",
                author: "Maëlle Kerhervé",
                summary: "Sur huit cents mètres de l’ancienne ligne de chemin de fer, des habitants cultivent légumes, fleurs et plantes aromatiques. Le projet réunit désormais soixante jardiniers.",
                body: """
                Le dernier train est passé à Port-Clair il y a plus de quarante ans. Depuis, l’ancienne voie ferrée qui longe le quartier de la Gare était envahie par les ronces. Elle est aujourd’hui devenue un long ruban de jardins.

                ## Un jardin tout en longueur

                L’association Les Rails Verts a obtenu de la commune l’usage de huit cents mètres de l’ancienne ligne. Les bénévoles ont défriché, apporté de la terre et construit des bacs surélevés le long de l’ancien ballast.

                Soixante jardiniers y cultivent désormais des légumes, des fleurs et des plantes aromatiques. Un cabanon, installé dans l’ancienne guérite du garde-barrière, abrite les outils communs.

                ## Un lieu de rencontre

                Le jardin est ouvert à tous les promeneurs. Des bancs ont été installés, et l’école voisine y entretient sa propre parcelle. Chaque premier dimanche du mois, les jardiniers organisent un troc de graines et de plants.

                > « On croise des gens qu’on ne connaissait pas, alors qu’ils habitaient la rue d’à côté », sourit la présidente de l’association, Annick Le Roux.
                """
            ),
            DemoArticle(
                slug: "cinema-plein-air-plage",
                title: "Le cinéma en plein air revient sur la plage du Sillon",
                author: "Yannick Le Bihan",
                summary: "Chaque jeudi soir de l’été, un grand écran gonflable est dressé sur le sable. Les spectateurs viennent avec leur serviette, leur pique-nique et un pull.",
                body: """
                À la tombée de la nuit, un grand écran blanc se gonfle lentement sur la plage du Sillon. Face à lui, des centaines de serviettes, de couvertures et de chaises pliantes. Derrière, la mer, et le phare qui commence à tourner.

                ## Un rendez-vous de l’été

                Le cinéma en plein air de Port-Clair en est à sa dixième saison. Chaque jeudi de juillet et d’août, l’association Cinéma des Grèves propose une séance gratuite, annoncée une semaine à l’avance sur les affiches de la ville.

                La programmation mélange comédies familiales, classiques et films d’animation. Les spectateurs votent en fin de saison pour choisir un film de l’été suivant.

                ## Le pull, indispensable

                Les habitués le savent : même après une journée chaude, il fait frais sur la plage à onze heures du soir. Les bénévoles vendent du chocolat chaud et des crêpes au profit de l’association.

                La séance de la semaine dernière a réuni près de huit cents personnes, un record. Le projectionniste, installé dans une camionnette, dit n’avoir jamais vu autant de monde.
                """
            ),
            DemoArticle(
                slug: "chorale-des-marins-cinquante-ans",
                title: "La chorale des marins fête ses cinquante ans",
                author: "Soizic Ar Menn",
                summary: "Fondée par des pêcheurs en 1975, la chorale Les Voix du Large a célébré son demi-siècle par un concert sur le port. Trois membres fondateurs chantent toujours.",
                body: """
                Ils étaient douze pêcheurs, un soir d’hiver, réunis au café du port pour chanter les airs que leurs pères chantaient en mer. Cinquante ans plus tard, la chorale Les Voix du Large compte quarante-cinq choristes et se produit dans toute la région.

                Samedi, elle a fêté son anniversaire par un grand concert sur le quai, devant plus d’un millier de personnes.

                ## Un répertoire de la mer

                Le répertoire de la chorale est fait de chants de marins, de complaintes et de chansons à virer, ces airs rythmés qui accompagnaient autrefois les manœuvres à bord. Certains ont été recueillis auprès des anciens du port et n’existent dans aucun recueil.

                ## Trois fondateurs toujours là

                Trois des douze fondateurs chantent encore. Le plus âgé, Hervé Le Meur, quatre-vingt-huit ans, a entonné seul le premier couplet du concert, avant d’être rejoint par tout le chœur.

                > « On chante pour ceux qui sont partis en mer, dit-il. Et pour ceux qui sont revenus. »

                La soirée s’est terminée par un chant repris en chœur par le public, lanternes à la main, pendant que les bateaux du port faisaient retentir leurs cornes.
                """
            ),
            DemoArticle(
                slug: "kiosque-a-musique-renove",
                title: "Le kiosque à musique du jardin public retrouve ses couleurs",
                author: "Maëlle Kerhervé",
                summary: "Après dix-huit mois de travaux, le kiosque construit en 1896 a retrouvé sa charpente de fonte, son toit d’ardoise et son décor peint. Un concert d’inauguration est prévu dimanche.",
                body: """
                Il trône au milieu du jardin public depuis 1896. Au fil des années, le kiosque à musique de Port-Clair avait perdu ses couleurs, une partie de ses ornements et quelques ardoises à chaque tempête.

                Après dix-huit mois de travaux, il a retrouvé son allure d’origine.

                ## Un chantier minutieux

                Les colonnes de fonte ont été démontées, décapées et repeintes dans le vert d’origine, retrouvé sous plusieurs couches de peinture. Un couvreur a reposé le toit d’ardoise à l’ancienne, et une restauratrice a refait les frises de lyres et de coquillages qui ornent la corniche.

                [figure] Le kiosque restauré, avec ses colonnes vertes et son toit d’ardoise neuf.

                ## Des concerts tout l’été

                La commune a prévu un programme de concerts gratuits le dimanche après-midi, de juin à septembre : fanfare municipale, ensembles de jazz, chorales et musiciens de l’école de musique.

                Le concert d’inauguration aura lieu dimanche à seize heures. La fanfare y jouera, comme en 1896, une marche composée pour l’occasion.

                Pour l’occasion, les archives municipales exposeront dans le kiosque les photographies de la première inauguration, où l’on voit les musiciens en uniforme et une foule en chapeaux de paille. Les habitants sont invités à venir en costume d’époque, s’ils le souhaitent.
                """
            ),
            DemoArticle(
                slug: "concours-des-boulangers",
                title: "Concours de la meilleure galette : la boulangerie du Port l’emporte",
                author: "Yannick Le Bihan",
                summary: "Onze boulangers de Port-Clair et des environs ont présenté leur galette au jury du concours annuel. La boulangerie du Port remporte le titre pour la première fois.",
                body: """
                Le jury a goûté onze galettes, dans un silence presque religieux, dans la salle des fêtes de Port-Clair. Au terme d’une longue délibération, le titre est revenu à la boulangerie du Port, tenue depuis six ans par Fanny et Loïc Guillou.

                ## Le feuilletage avant tout

                Les galettes étaient jugées à l’aveugle sur quatre critères : l’aspect, le feuilletage, la garniture et le goût. Le jury réunissait deux boulangers retraités, une enseignante de l’école hôtelière et trois habitants tirés au sort.

                Selon le président du jury, la galette gagnante s’est distinguée par un feuilletage « léger comme une dentelle » et une garniture peu sucrée.

                ## Une recette de famille

                Fanny Guillou explique que la recette vient de sa grand-mère, qui tenait une boulangerie dans un village voisin. Le secret, dit-elle, tient au repos de la pâte, une nuit entière au frais.

                Son mari, Loïc, s’occupe du four depuis quatre heures du matin. Il avoue avoir préparé pas moins de vingt galettes d’essai avant de choisir celle qui serait présentée au jury. Les voisins, précise-t-il, ont mangé les dix-neuf autres.

                Les clients de la boulangerie du Port ont salué la victoire par une file d’attente qui, dimanche matin, s’étirait jusqu’au quai.
                """
            ),
            DemoArticle(
                slug: "fete-du-port",
                title: "La fête du port réunit vieux gréements et bateaux de pêche",
                author: "Soizic Ar Menn",
                summary: "Pendant trois jours, une cinquantaine de voiliers traditionnels ont rejoint les chalutiers dans le bassin de Port-Clair. La parade finale a attiré des milliers de spectateurs.",
                body: """
                Pendant trois jours, le bassin de Port-Clair a changé de visage. Une cinquantaine de vieux gréements, voiles brunes et coques de bois, sont venus s’amarrer entre les chalutiers et les vedettes de la station de sauvetage.

                ## Le port ouvert à tous

                Les équipages ont accueilli le public à bord, racontant l’histoire de leurs bateaux, souvent restaurés planche par planche par des associations. Sur le quai, les pêcheurs faisaient visiter leurs chalutiers et expliquaient leur métier aux enfants.

                - Démonstrations de matelotage et de réparation de filets.
                - Concerts de chants de marins chaque soir.
                - Dégustation de poissons du jour sur le terre-plein.

                ## La grande parade

                Dimanche après-midi, tous les bateaux sont sortis ensemble du port pour une parade dans la baie. Des milliers de spectateurs s’étaient massés sur les jetées et sur la pointe du Créac’h pour les voir passer, voiles hissées.

                En tête de la parade naviguait le plus vieux bateau de la fête, un cotre de pêche construit en 1904 et restauré pendant dix ans par une association de Port-Clair. À son bord, l’équipage avait invité les élèves de l’école du port qui avaient aidé à repeindre sa coque.

                La prochaine fête du port aura lieu dans deux ans. Plusieurs équipages ont déjà promis de revenir.
                """
            ),
        ]
    )
}
