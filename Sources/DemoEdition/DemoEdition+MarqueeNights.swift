extension DemoEdition {
    /// Entertainment: reviews and backstage stories from a fictional arts scene.
    static let marqueeNights = DemoSource(
        id: "marquee-nights",
        name: "Marquee Nights",
        description: "Reviews, previews and backstage stories from the cinemas, stages and studios of Carrigmore. (demo)",
        siteURL: "https://marquee-nights.example",
        category: .entertainment,
        language: .en,
        countryCode: "ie",
        monogram: "M",
        palette: DemoPalette(
            backgroundStart: "#2a0f3a", backgroundEnd: "#5e1b60",
            accents: ["#ffb347", "#ff5fa2", "#8fd3ff"], ink: "#fff4e6"
        ),
        motif: .beams,
        articles: [
            DemoArticle(
                slug: "review-small-hours",
                title: "Review: ‘Small Hours’ finds poetry in a night-shift bakery",
                author: "Niamh Okafor-Delaney",
                summary: "Director Ruairí Vance’s second feature follows three bakers through one long night. It is slow, funny and quietly wonderful.",
                body: """
                Almost nothing happens in *Small Hours*, and it is one of the most absorbing films of the year. Over a single night in a bakery on the edge of Carrigmore, three bakers mix, knead, shape and bake, and talk about everything except what is really on their minds.

                ## Three people and an oven

                Director Ruairí Vance, whose debut followed a lighthouse keeper’s last season, again shows a gift for finding drama in routine. The camera lingers on flour drifting through lamplight, on hands folding dough, on the clock above the door.

                The three leads are superb. Orla Brennock plays the head baker with a dry wit that slowly softens. Tadhg Mulcahy is the apprentice who cannot stop asking questions. Best of all is newcomer Bisi Adewale as a delivery driver who keeps finding reasons to come back.

                > Vance understands that the smallest gesture, a loaf handed over in silence, can carry the weight of a whole conversation.

                ## A slow bake

                Not everyone will have patience for the film’s pace, and a subplot about a broken mixer goes on a little long. But the final scene, as the sun rises and the first customers arrive, is as satisfying as anything in cinemas this year.

                *Small Hours* opens at the Lyric and selected cinemas on Friday. Go hungry.
                """
            ),
            DemoArticle(
                slug: "puppet-theatre-horsebox",
                title: "A puppet theatre on wheels tours the villages",
                author: "Eamon Drisco",
                summary: "The Travelling Lantern puppet company performs from a converted horsebox with a fold-down stage. This summer it visited thirty villages in thirty days.",
                body: """
                When the Travelling Lantern pulls into a village square, it looks like an ordinary horsebox. Then one side folds down into a stage, red curtains unroll, a string of lights flickers on, and a crowd starts to gather.

                The company is two people, Saoirse Keogh and Felipe Aranda-Walsh, and about forty puppets. For a month each summer they tour the villages around Carrigmore, performing a new show every year.

                ## Making the show

                This year’s show, *The Heron Who Lost Her Shadow*, was written and built over the winter in the couple’s workshop, a converted cowshed. The puppets are carved from lime wood, with faces painted in oils and costumes sewn from old curtains.

                [figure] The fold-down stage set up in a village square, minutes before the evening performance.

                Each show lasts forty minutes and is aimed at families, with enough jokes for the adults to stay awake.

                ## Thirty villages

                This summer, the Travelling Lantern visited thirty villages in thirty days. Performances are free, with a hat passed around at the end. In several villages, the audience has now grown to include children who first saw the show as toddlers and are now old enough to help set up.

                Keogh says the best moment of every performance comes just before it starts, when the lights go on and the crowd goes quiet. “That hush,” she said. “We drive all day for that hush.”
                """
            ),
            DemoArticle(
                slug: "album-glass-harbour",
                title: "Album review: The Hollow Pines return with ‘Glass Harbour’",
                author: "Niamh Okafor-Delaney",
                summary: "Five years after their last record, the Carrigmore folk quartet have made their most ambitious album yet. It rewards patient listening.",
                body: """
                The Hollow Pines have always sounded like a band recorded in a wooden room by the sea. On *Glass Harbour*, their fourth album, they were. The quartet spent three months in a converted net loft on the west coast, and the sound of the place runs through every track.

                ## Wider and deeper

                The album opens with “Slipway”, a slow build from a single fiddle to a full band with strings and brass. It sets the tone for a record that takes more risks than anything the band has done before.

                There are still the close harmonies that made their name, especially on the lovely “Ferry Lights”. But there are also longer instrumental passages, unusual rhythms borrowed from dance music, and a closing track that lasts eleven minutes and earns every one of them.

                - Standout tracks: “Slipway”, “Ferry Lights”, “Salt on the Window”.
                - Best for: a long drive, or a wet Sunday afternoon.
                - Less successful: the brief spoken-word interlude halfway through.

                ## Worth the wait

                *Glass Harbour* is not an album to play in the background. It asks for attention and gives a great deal back. After five years away, the Hollow Pines have returned as a band that sounds entirely sure of itself.
                """
            ),
            DemoArticle(
                slug: "cinema-one-film-a-week",
                title: "The cinema that shows only one film a week",
                author: "Eamon Drisco",
                summary: "The Lyric in Carrigmore has one screen, two hundred seats and a simple policy: one carefully chosen film each week. Its audiences keep growing.",
                body: """
                The Lyric Cinema has stood on Quay Street since the days of silent films. Its single screen is framed by a painted proscenium arch, its seats are red velvet, and a small organ still sits in the pit, played on special occasions.

                ## One week, one film

                Since its current owners took over eight years ago, the Lyric has followed a simple rule: each week it shows just one film, chosen by its small programming team. It might be a new release, a classic, or a film from the other side of the world.

                Every screening is introduced by a member of staff with a few words about why the film was chosen. Once a month, a discussion follows in the café upstairs.

                ## Trust

                The owners say the policy works because audiences have come to trust the choice. Regulars buy tickets without checking what is showing. Attendance has grown every year, and the Friday night screening now regularly sells out.

                > “People have endless choice at home,” said co-owner Gráinne Tobin. “What they come here for is somebody choosing for them, with care, and a room full of people watching together.”
                """
            ),
            DemoArticle(
                slug: "composer-for-games",
                title: "Meet the composer writing music that changes as you play",
                author: "Priya Lennox",
                summary: "Oona Kestrel writes scores for video games, where the music has to follow the player rather than the other way round. She explains how it works.",
                body: """
                In a film, the music knows what happens next. In a video game, it does not. The player might linger in a quiet forest for an hour or sprint straight through it; the music has to follow either way.

                Oona Kestrel has spent ten years solving that puzzle. From a small studio above a music shop in Carrigmore, she has scored eleven games, most recently the gentle exploration game *Lantern Valley*.

                ## Music in layers

                Kestrel writes her scores in layers. A soft bed of strings might play while the player explores. When they find something interesting, a melody joins in. If danger appears, percussion fades in underneath.

                [figure] A session diagram from *Lantern Valley*, showing which layers play in each part of the map.

                The game’s software decides which layers to play and blends between them. Kestrel’s job is to make sure every combination sounds good, which means writing many versions of each piece and listening to them in every possible order.

                ## Silence as an instrument

                One of Kestrel’s rules is that music should know when to stop. In *Lantern Valley*, long stretches of the map have no score at all, only wind, water and birdsong. When the music returns, she says, the player notices it in a way they would not if it had played all along.

                That restraint took some persuading. Early testers reported that the game felt “empty” in places, and the developers asked whether more music could fill it. Kestrel asked for a week, wrote nothing new, and instead adjusted how slowly the existing layers faded out. The second round of testers described the same places as “peaceful”.

                ## Learning the craft

                Kestrel trained as a church organist before she ever wrote for games, and she credits the organ with teaching her to think in layers. An organist, she points out, is always choosing which sounds to add and which to take away, depending on the size of the room and the mood of the service.

                ## Recording with real players

                Although much game music is made electronically, Kestrel insists on recording live musicians whenever she can. For *Lantern Valley* she recorded a local string quartet in a church hall, with the heating switched off to avoid its hum.

                > “The best compliment,” she said, “is when someone tells me they never noticed the music changing. They just felt it.”
                """
            ),
            DemoArticle(
                slug: "board-game-cafe-old-bank",
                title: "A board game café moves into the old bank on Market Square",
                author: "Eamon Drisco",
                summary: "The former bank’s vault now holds eight hundred board games. Owners say the building’s high ceilings and thick walls make it perfect for a noisy evening of play.",
                body: """
                The old bank on Market Square was built to impress: marble floors, tall windows and a vault with a steel door as thick as a mattress. It closed years ago, and the building stood empty until last spring.

                Now it is Roll & Counter, a board game café. The vault holds eight hundred games on floor-to-ceiling shelves. The old counters serve coffee, toasted sandwiches and a very good apple cake.

                ## How it works

                Visitors pay a small table fee and can play anything from the library for as long as they like. Staff, known as game guides, help choose games and explain the rules.

                - Quick games for two: on the shelf by the door.
                - Long strategy games: in the vault, top shelves.
                - Children’s games: in the former manager’s office, now painted bright yellow.

                ## A new kind of night out

                Weekday evenings draw students and colleagues from nearby offices. Weekends are busy with families during the day and groups of friends at night. Thursday is a quiet night set aside for people who want to learn longer games.

                The owners say the vault door is never closed, on the advice of their insurer and their own good sense.
                """
            ),
            DemoArticle(
                slug: "community-radio-drama",
                title: "Community radio revives the art of the audio play",
                author: "Priya Lennox",
                summary: "Carrigmore Community Radio broadcasts a new half-hour drama every month, written, acted and recorded by local volunteers. Sound effects are made in the station’s kitchen.",
                body: """
                On the first Sunday of every month, Carrigmore Community Radio broadcasts a new half-hour play. It might be a ghost story, a comedy set in a hairdresser’s, or a mystery on a night train. Every part is written, acted and produced by volunteers.

                ## Making sound

                Recording takes place on a Saturday in the station’s small studio. Actors stand around a single microphone with their scripts, stepping closer for quiet lines and back for shouting.

                Sound effects are made live whenever possible. Celery snapped near the microphone becomes breaking bones in a thriller. A box of gravel becomes footsteps on a path. The station’s kitchen has a drawer labelled only “effects”.

                > “Radio asks the listener to do half the work,” said producer Ciarán Ojukwu. “We give them a door creaking; they build the whole house.”

                ## A growing audience

                The plays are also released as podcasts, and the audience has grown steadily. The station now receives scripts from writers across the country, and runs an annual workshop for new writers.

                This month’s play, a comedy about a village choir competition, features a cast of fourteen and, according to the producers, the most ambitious use of a kazoo in the station’s history.
                """
            ),
            DemoArticle(
                slug: "outdoor-theatre-in-the-rain",
                title: "Theatre review: ‘The Salt Road’ plays on through the rain",
                author: "Niamh Okafor-Delaney",
                summary: "The Carrigmore Open Air Players’ new production of a folk epic was tested by a downpour on opening night. Cast and audience alike refused to leave.",
                body: """
                About twenty minutes into the opening night of *The Salt Road*, the sky over Abbey Gardens opened. The cast of the Carrigmore Open Air Players glanced at each other, pulled their costumes tighter, and carried on. So did the audience, under a bloom of umbrellas.

                ## A story made for the outdoors

                *The Salt Road*, a new play by local writer Deirdre Amankwah, follows a family of salt traders on a journey across a fictional kingdom. It is a big, sprawling story, with songs, sword fights and a cart that is pulled across the lawn by the entire cast.

                The open-air setting suits it well. Scenes move between the stone ruins of the old abbey, a small stage under the beech trees, and the lawn itself, and the audience moves with them.

                ## The cast

                Marguerite Ní Fhloinn is magnificent as the grandmother who leads the caravan, commanding the garden even in a downpour. The young cast members are energetic and funny, though some lines were lost to the rain.

                ## Bring a coat

                The production runs until the end of the month. The Players recommend bringing a cushion, a coat and a flask of something warm. On the evidence of opening night, they also recommend staying until the end, whatever the weather.
                """
            ),
            DemoArticle(
                slug: "hand-painted-film-posters",
                title: "The last painter of hand-made film posters",
                author: "Eamon Drisco",
                summary: "For forty years, Desmond Arkwright painted the giant posters outside the Lyric cinema. A new exhibition gathers sixty of them.",
                body: """
                Before printed posters became cheap and easy, cinemas often commissioned painters to make their own. For forty years, the Lyric’s painter was Desmond Arkwright, who worked in a shed behind the cinema on canvases as tall as a bus.

                A new exhibition at the Carrigmore Arts Centre gathers sixty of his posters, rescued from the cinema’s attic and carefully restored.

                ## Working fast

                Arkwright usually had less than a week to paint each poster. He worked from a few photographs supplied by the film’s distributor, scaled them up with a grid, and filled in the colour with house paint and big brushes.

                [figure] One of Arkwright’s posters, shown beside the small sketch he worked from.

                His style is bold and slightly exaggerated: faces larger than life, colours brighter than on screen. He was known for adding small details of his own, including, in several posters, a cat that appears in no film at all.

                ## Restored for a new audience

                The posters had been rolled and stored for decades. Conservators spent a year cleaning and repairing them. The exhibition includes Arkwright’s brushes, his sketchbooks and a short film of him at work, recorded when he was in his seventies.

                The exhibition runs until the spring. Visitors are encouraged to find the cat.
                """
            ),
            DemoArticle(
                slug: "lantern-festival-quays",
                title: "A thousand lanterns light the quays for the winter festival",
                author: "Priya Lennox",
                summary: "The Carrigmore Lantern Festival filled the riverside with handmade lanterns, music and a procession of giant puppets. Organisers counted record crowds.",
                body: """
                For one night each December, the quays of Carrigmore glow. Lanterns hang from every lamppost, float in the river in paper boats and bob along in a procession carried by hundreds of children.

                This year’s Lantern Festival drew the largest crowds in its fifteen years, despite a sharp frost.

                ## Made by the town

                Almost every lantern in the festival was made locally. Through the autumn, schools, youth clubs and community groups held workshops, shaping willow frames and covering them with tissue paper and glue.

                The centrepiece of the procession was a trio of giant puppets, each more than four metres tall: a heron, a salmon and an old fisherman with a lantern of his own. They were built by a local arts collective over three months.

                ## Music on the water

                Bands played from three stages along the river, and a choir sang from a boat moored in the middle of the current. The evening ended with all the lanterns gathered in the square by the old bridge.

                Organisers say next year’s theme will be “stars”. Lantern workshops will begin in September.
                """
            ),
            DemoArticle(
                slug: "book-review-cartographer",
                title: "Book review: ‘The Cartographer’s Apprentice’ maps a life in miniature",
                author: "Niamh Okafor-Delaney",
                summary: "Halla Byrne-Sato’s debut novel follows a young mapmaker in a harbour town where nothing stays still. It is a gentle, inventive pleasure.",
                body: """
                In the harbour town at the heart of *The Cartographer’s Apprentice*, the streets move. Not quickly, and not often, but enough that the town employs a cartographer to redraw its map every spring. Halla Byrne-Sato’s debut novel follows the young woman sent to learn the trade.

                ## A town that will not sit still

                The premise could be a gimmick, but Byrne-Sato treats it with such calm seriousness that it soon feels natural. The apprentice, Ide, walks the town with her notebook, measuring distances, noting new alleys and politely asking residents whether their front doors have moved.

                Along the way she learns the town’s secrets, most of them small: a baker who secretly moves his shop closer to the sea each year, a lighthouse that has wandered inland, an old map that shows a street nobody has ever found.

                > Every map, Ide learns, is a record of a moment that has already passed.

                ## Small pleasures

                The novel’s pleasures are small ones: beautifully described weather, gentle humour, and a warm cast of neighbours. Those seeking a strong plot may be frustrated; the mystery of the missing street is resolved rather quietly.

                But as a portrait of a place and of learning a craft, *The Cartographer’s Apprentice* is a delight, and a promising start for a writer to watch.
                """
            ),
            DemoArticle(
                slug: "comedy-night-in-library",
                title: "Shh: the comedy night held in a library",
                author: "Priya Lennox",
                summary: "Once a month, Carrigmore Central Library hosts stand-up comedy among the bookshelves. The only rule is that every set must mention a book.",
                body: """
                On the last Thursday of the month, after the library closes, the staff of Carrigmore Central Library push the reading tables to the sides, set out eighty chairs among the shelves, and put a microphone in front of the biography section.

                The library’s comedy night began as a one-off fundraiser four years ago. It now sells out within hours of tickets going on sale.

                ## A book in every set

                The format is simple. Four comedians perform short sets, followed by a headliner. The one rule is that every comedian must mention a book at some point in their act, which the library then displays on a table by the door.

                ## The library laugh

                Performers say the library audience is unusual. People arrive expecting to be quiet and are then surprised to find themselves laughing out loud. One regular comedian describes the first laugh of the night as “a small rebellion”.

                The library’s staff take turns as host. Ticket money goes to the library’s fund for children’s books, which has bought more than two thousand titles since the nights began.
                """
            ),
        ]
    )
}
