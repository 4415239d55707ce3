extension DemoEdition {
    /// Science: a British desk that writes about how we know what we know.
    static let lanternAndLens = DemoSource(
        id: "lantern-and-lens",
        name: "Lantern & Lens",
        description: "Science stories from field stations, kitchen tables and observatory domes, told by people who love the method. (demo)",
        siteURL: "https://lantern-and-lens.example",
        category: .science,
        language: .en,
        countryCode: "gb",
        monogram: "L",
        palette: DemoPalette(
            backgroundStart: "#0f2e3a", backgroundEnd: "#215a66",
            accents: ["#ffd27a", "#7fe0c4", "#ff8f70"], ink: "#eafcf7"
        ),
        motif: .constellation,
        articles: [
            DemoArticle(
                slug: "moss-that-keeps-time",
                title: "The moss that keeps time: reading a bog like a calendar",
                author: "Dr Harriet Quennell",
                summary: "Layer by layer, the peat moss of Fenmarrow Bog has recorded three thousand years of weather. A team from Eastmere University is learning to read it.",
                body: """
                Push a hollow steel tube into Fenmarrow Bog and pull it out again, and you are holding a column of time. The top is bright green and alive. A few centimetres down it turns brown, then the colour of strong tea, then nearly black.

                Each layer is moss that grew, died and sank into the water before it could rot. Because the bog is wet, acidic and low in oxygen, the layers stay put. At Fenmarrow they run nearly six metres deep.

                ## Wet years and dry years

                The moss species that thrive in a wet summer are not the ones that thrive in a dry one. By identifying the tiny leaves in each slice of core under a microscope, the Eastmere team can tell which kind of summer each layer grew in.

                [figure] A core from the bog’s centre, cut lengthways. The darker bands mark drier centuries.

                Dating the layers takes more work. The team uses volcanic ash from distant eruptions, which falls as a fine dust and leaves a thin pale line, as fixed points. Between those lines, they count and measure.

                > “A bog is a very patient instrument,” said Dr Tomasz Orrell, who leads the coring work. “It writes everything down. We are just learning its handwriting.”

                The early results match old harvest records where the two overlap, which gives the team confidence in the centuries before any records were kept. Their next step is to core three more bogs along the same coast and see whether they tell the same story.
                """
            ),
            DemoArticle(
                slug: "counting-starlings-estuary",
                title: "Twelve hundred volunteers, one estuary, and a very large number of starlings",
                author: "Nkechi Adebayo-Hart",
                summary: "The Wyndle Estuary starling count asks people on the shore to photograph the evening murmuration at the same moment. The method is simple, and the numbers are surprisingly good.",
                body: """
                At ten minutes to sunset on the last Saturday of November, twelve hundred people along the Wyndle Estuary raised their phones and waited. When the first starlings rose from the reed beds, a whistle went along the sea wall, and everyone took a photograph at once.

                The count has run for nine years. Its organisers, a group of birdwatchers and a statistician from the Norcombe Institute, wanted a number that did not depend on any single person’s guess.

                ## How the count works

                Each photograph is tagged with the time and the place it was taken from. Software stitches overlapping images into a panorama of the flock, then counts dark specks in small squares and scales up.

                - Volunteers stand at numbered posts roughly a hundred metres apart.
                - A whistle chain keeps the timing to within a few seconds.
                - Every estimate is checked by hand on a sample of squares.

                This year’s estimate was a little over three hundred thousand birds, close to the average for the decade. The numbers rise and fall with the weather on the continent, where many of the birds spend the summer.

                ## Why a number matters

                A single count says little. Nine years of counts made the same way begin to show a pattern, and that is what researchers need to notice a slow change before it becomes a sudden one.

                The organisers say the hardest part is not the maths but the weather. Two years ago, fog rolled in from the sea four minutes before sunset, and the count was cancelled for the first time. The volunteers stayed anyway and listened.
                """
            ),
            DemoArticle(
                slug: "allotment-telescope-variable-star",
                title: "A telescope on an allotment helps pin down a flickering star",
                author: "Dr Harriet Quennell",
                summary: "Between the runner beans and the compost bins, an amateur astronomer in Thornbury has logged eleven years of a variable star’s brightness. Professionals have now used her data.",
                body: """
                Gwen Ashdown keeps her telescope in a shed on allotment plot 14, between a row of runner beans and a water butt. On clear nights she wheels it out on a trolley, points it at the same patch of sky, and takes a series of photographs.

                Her target is a star that dims and brightens over about five weeks. Variable stars like it are useful to astronomers because the rhythm of their pulsing reveals how bright they truly are, which in turn helps measure distances across space.

                ## Eleven years of clear nights

                Since she began, Ashdown has recorded more than four hundred nights. Her measurements were shared with a national society that gathers observations from amateurs, and from there they reached a small team at the Norcombe Institute studying how such stars change over decades.

                The team found that the star’s rhythm had lengthened very slightly over the years. Ashdown’s record, unusually long and unusually consistent, was one of the reasons they could be confident.

                > “I used to worry I was just taking pictures of the same thing,” she said. “It turns out that is exactly what science needs.”

                Her fellow allotment holders have grown used to the late-night visits. One has started leaving her a flask of tea on the shed step.
                """
            ),
            DemoArticle(
                slug: "why-bread-rises",
                title: "Kitchen science: why bread rises, and why it sometimes does not",
                author: "Felix Arbuthnot",
                summary: "Yeast, gluten and patience are the three ingredients nobody lists on the packet. A short explainer from our kitchen desk.",
                body: """
                A loaf of bread is a small experiment in gas. Yeast, a single-celled fungus, feeds on the sugars in flour and gives off carbon dioxide. If the dough can trap that gas, it rises. If it cannot, you get a very dense lunch.

                ## The net that holds the bubbles

                Trapping the gas is the job of gluten, a stretchy network formed when two proteins in wheat flour meet water and are worked together. Kneading lines the proteins up into sheets, a little like turning a tangle of wool into knitted fabric.

                A well-developed dough can be stretched thin enough to let light through without tearing. Bakers call this the windowpane test, and it is a reliable sign that the net is ready.

                ## Warmth and time

                Yeast works faster when it is warm and slower when it is cool. A slow rise in a cool kitchen gives the yeast and the flour’s own enzymes more time to produce flavour, which is why many bakers leave dough overnight.

                When bread refuses to rise, the usual culprits are tired yeast, water that was too hot, or a kitchen that was simply colder than it felt. The fix is usually patience: leave it another hour, somewhere a little warmer, and look again.
                """
            ),
            DemoArticle(
                slug: "seed-vault-opens-once-a-year",
                title: "The seed vault that opens its doors once a year",
                author: "Nkechi Adebayo-Hart",
                summary: "Deep in a hillside near Cragmere, a small seed bank keeps forty thousand samples of wild plants. Every spring, a few are woken up to check they still grow.",
                body: """
                The Cragmere Seed Bank is not much to look at from the outside: a steel door in a grassy bank, a small car park, and a sign asking visitors to close the gate behind them. Inside, a corridor leads to a cold room held at minus twenty degrees.

                On its shelves sit about forty thousand foil packets, each holding the dried seeds of a wild plant collected somewhere in the region. Some are common. A few are from plants now found in only one meadow.

                ## Waking the seeds

                Each spring, the staff choose a few hundred packets and test them. A small number of seeds from each are placed on damp paper in a warm, bright room, and the team counts how many sprout.

                [figure] Germination trays in the spring test, each row a different packet from the vault.

                Most samples still sprout as well as the day they were stored. When one begins to fade, the bank grows a fresh batch of plants from it, collects their seeds, and puts the new generation back on the shelf.

                - Seeds are dried slowly before freezing, to avoid ice damage.
                - Every packet records where and when it was collected.
                - A duplicate of each sample is kept at a second site.

                The bank’s manager, Isolde Fairweather, describes the work as gardening on a very long timescale. Some of the packets she tests were collected before she was born.
                """
            ),
            DemoArticle(
                slug: "sound-of-a-forest-at-dawn",
                title: "Listening to a forest wake up",
                author: "Felix Arbuthnot",
                summary: "Forty small recorders strapped to trees in Harrow Wood capture the dawn chorus every morning. Researchers use the sound to track which birds are present without disturbing them.",
                body: """
                An hour before sunrise in Harrow Wood, forty small grey boxes switch themselves on. Each is strapped to a tree trunk at head height, and each has a microphone pointed at the canopy.

                For the next two hours they record the dawn chorus: the rising wave of song that starts with a single robin and ends with the whole wood talking at once.

                ## From sound to species

                Researchers at Eastmere University feed the recordings into software that has learnt the songs and calls of the wood’s regular birds. It marks when each species is heard and how often.

                No computer is perfect, so every week a volunteer listens to a random sample of clips and checks the software’s guesses. The volunteers are now so practised that some can name a bird from a single note.

                ## What the recordings show

                Three years of data show the chorus beginning slightly earlier each spring in the warmest parts of the wood, and later in a damp hollow near the stream. The team is now comparing those differences with the timing of leaves opening above each recorder.

                The recorders do not disturb the birds, which is their great advantage. They also catch things nobody expected, including, one March morning, a fox that sat beneath a tree and barked for eleven minutes.
                """
            ),
            DemoArticle(
                slug: "beetle-in-a-museum-drawer",
                title: "A new beetle, found not in a jungle but in a museum drawer",
                author: "Dr Harriet Quennell",
                summary: "A volunteer cataloguing an old collection at the Wexley Natural History Museum noticed one beetle that did not match its label. It turned out to be a species nobody had described.",
                body: """
                The beetle had been in the drawer for ninety-one years. It was pinned neatly beside six others, all labelled with the same name in faded brown ink, and nobody had looked at it closely for a very long time.

                Then Priyanka Moss, a retired engineer volunteering at the Wexley Natural History Museum, began photographing the drawer for a new online catalogue. She noticed that one of the seven was a slightly different shape, with finer ridges along its back.

                ## A second look

                She mentioned it to the museum’s curator of insects, who put the beetle under a microscope and agreed that something was odd. Comparisons with other collections, and with a handful of freshly caught specimens from the same region, confirmed it: this was a species that had never been formally described.

                > “Museums are full of discoveries waiting for someone with time and a good eye,” said the curator, Dr Ambrose Kettering. “Priyanka had both.”

                The formal description, with drawings and measurements, is published this month. By tradition, the finder may suggest a name. Moss chose one that honours the collector who pinned the beetle in the first place, whose notebooks the museum still keeps.

                ## Why drawers matter

                Natural history collections are often described as libraries of life. Like libraries, they reward rereading. Researchers estimate that many undescribed species already sit in collections around the world, waiting to be noticed.
                """
            ),
            DemoArticle(
                slug: "tide-gauge-port-weyland",
                title: "How a tide gauge works, explained by one that has run for 150 years",
                author: "Felix Arbuthnot",
                summary: "The tide gauge at Port Weyland has measured the height of the sea since the days of paper charts and clockwork. Its keepers show us how it works now.",
                body: """
                At the end of the harbour wall in Port Weyland stands a small stone hut with a slate roof and a weathervane shaped like a fish. Inside is one of the longest-running tide gauges on the coast.

                ## The well and the float

                The original gauge worked on a simple idea. A vertical shaft, called a stilling well, connects to the sea through a small hole near the bottom. Waves cannot get through the hole quickly, but the slow rise and fall of the tide can. A float on the water inside the well moves up and down with the tide, without the chop.

                For a century, the float was attached by a wire to a pen that drew a line on a drum of paper turned by clockwork. The keepers changed the paper every week and filed the rolls in a cupboard that still smells of ink.

                ## What it measures now

                Today a radar sensor above the well measures the distance to the water several times a minute, and the readings are sent to a national archive. The float and pen still run alongside, as a check, and because the keepers are fond of them.

                [figure] The clockwork drum, still turning, beside the radar sensor that replaced it as the main record.

                The long record is what makes the gauge valuable. Tides repeat on cycles as long as nineteen years, so scientists need many decades of data to separate the tide from slower changes in the height of the sea itself.
                """
            ),
            DemoArticle(
                slug: "volunteer-cloud-atlas",
                title: "A volunteer cloud atlas, drawn one sky at a time",
                author: "Nkechi Adebayo-Hart",
                summary: "Members of the Skywatchers of Dunmore photograph the sky from the same spot at noon every day. Their shared archive is becoming a teaching tool.",
                body: """
                At noon each day, about sixty members of the Skywatchers of Dunmore step outside, face north and take one photograph of the sky. They have done this for six years, from gardens, office car parks and, in one case, the deck of a fishing boat.

                ## Naming what you see

                Each photograph is uploaded with the photographer’s best guess at the cloud types in it: the tall cauliflower heaps of cumulus, the thin high streaks of cirrus, the flat grey blanket of stratus. Experienced members review the guesses and gently correct them.

                The archive now holds more than a hundred thousand images. Local schools use it to teach weather, and a small team at Eastmere University uses it to test software that estimates cloud cover from photographs.

                ## The pleasure of the habit

                Members say the daily photograph changes how they see the day. Several describe a new habit of looking up, and of noticing that no two noon skies are quite the same.

                The group’s founder, a retired postman named Cedric Oyelaran, keeps a printed album of his favourite skies. The one on the cover is of an entirely blue sky, taken on a day he describes as “the rarest thing in Dunmore”.
                """
            ),
            DemoArticle(
                slug: "why-ants-never-queue",
                title: "Why ants rarely get stuck in traffic",
                author: "Felix Arbuthnot",
                summary: "A study of foraging trails at the Norcombe Institute suggests ants avoid jams by keeping a steady pace and never overtaking. Engineers are taking notes.",
                body: """
                Watch a busy trail of foraging ants and you will see thousands of tiny travellers moving in both directions along a path narrower than a pencil. What you will rarely see is a jam.

                Researchers at the Norcombe Institute set out to understand why. They built a set of narrow bridges between an ant colony and a food source, filmed the traffic from above, and varied the width of the bridges and the number of ants.

                ## Steady, not fast

                The ants, it turned out, adjust their speed to the crowd around them, but only slightly. They do not rush into gaps, and they do not overtake. When the bridge becomes very crowded, some ants simply wait at the entrance until it clears.

                > “It is a bit like a motorway where everyone drives at the same sensible speed and nobody changes lanes,” said Dr Wilhelmina Achterberg, who led the study. “Remarkably, everyone gets there sooner.”

                ## Lessons for the rest of us

                Engineers who design traffic systems and warehouse robots are interested in the findings. Ants have had a very long time to work out how to share a narrow path, and their solution is simpler than many of ours.

                The team is now testing what happens when a few ants are in a hurry. So far, the answer appears to be that the other ants ignore them.
                """
            ),
            DemoArticle(
                slug: "lichens-on-gravestones",
                title: "Reading the air from the lichens on old gravestones",
                author: "Dr Harriet Quennell",
                summary: "Lichens are sensitive to what is in the air, and a churchyard offers dated stones to grow on. A survey across twenty villages is using both to map changes in air quality.",
                body: """
                Lichens are slow, patient organisms: a partnership between a fungus and a tiny alga or bacterium, living together as one. They grow on bark, rock and roof tiles, and many kinds are extremely sensitive to what is in the air around them.

                That sensitivity makes them useful. Some species vanish where the air is dirty and return when it improves. Others thrive on the nitrogen that drifts from busy roads and farms. A survey of which lichens grow where is, in effect, a map of the air.

                ## Why churchyards

                Churchyards are ideal survey sites. Gravestones are made of a handful of common stones, they face all directions, and, most usefully, each one carries a date. A lichen can be no older than the stone it grows on.

                [figure] Rosettes of lichen on a gravestone dated eighty years ago. Each colour is a different species.

                Volunteers in the Hollowdale Lichen Survey have now recorded twenty churchyards. They photograph a set square of each chosen stone, note the species, and measure the largest rosettes.

                ## What they have found

                In villages far from main roads, species that disappeared during the age of coal smoke have returned in the last few decades. Near busy roads, the survey finds more of the bright orange lichens that welcome extra nitrogen.

                The survey’s organisers hope to repeat it every five years. The gravestones, they point out, will still be there, and so will the lichens.
                """
            ),
            DemoArticle(
                slug: "glacier-ice-remembers",
                title: "What a mountain glacier remembers",
                author: "Nkechi Adebayo-Hart",
                summary: "Each winter’s snow on the Halvard Glacier traps a little air and dust. A small team is drilling a core to read four centuries of the mountain’s weather.",
                body: """
                High above the village of Skelda, the Halvard Glacier fills a bowl between three peaks. Each winter, fresh snow falls on its surface. Over the years, the snow is pressed into firm grains, then into solid ice, trapping tiny bubbles of air and specks of dust along the way.

                This summer, a team of six spent three weeks in tents on the glacier, drilling a core of ice eighty metres long. They cut it into one-metre lengths, packed each in an insulated box, and carried the boxes down on their backs.

                ## Layers of snow, layers of years

                In the upper part of the core, the team can see yearly layers with the naked eye: a clear band from winter snow, a dusty band from summer. Deeper down, where the layers are squeezed thin, they count them with a laser that measures dust along the core.

                The chemistry of the ice records the temperature of the air when the snow fell. Dust from faraway deserts marks windy years. Ash marks volcanic eruptions, which help to set the dates.

                ## Three weeks on the ice

                Drilling a core is slow, careful work. The team’s drill, powered by a small generator and a bank of batteries, cuts a ring around a cylinder of ice and lifts it out a metre at a time. Each length is logged, photographed, measured and wrapped before the next is cut.

                The weather decided the pace. On calm days the team drilled for twelve hours. On two days a storm kept everyone in the tents, playing cards and checking the anchors. The coldest night, the thermometer in the mess tent fell to minus nineteen degrees, and the cook took to sleeping beside the soup.

                Getting the ice down the mountain was its own expedition. The boxes had to stay frozen the whole way, so the team carried them down in the early morning, when the snow was firm, to a refrigerated lorry waiting at the road head. Not a single length was lost.

                ## A slow read

                Analysing the core will take about two years. The team expects it to cover roughly four centuries, a short span compared with the great ice sheets, but a detailed one, and from a mountain range with few other records.

                > “Every glacier keeps its own diary,” said team leader Dr Solveig Marrack. “This one has never been read.”
                """
            ),
        ]
    )
}
