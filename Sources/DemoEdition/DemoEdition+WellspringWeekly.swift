extension DemoEdition {
    /// Health: community wellbeing and the public places that support it; never advice.
    static let wellspringWeekly = DemoSource(
        id: "wellspring-weekly",
        name: "Wellspring Weekly",
        description: "Gentle stories about community health, public spaces and the people who look after each other in Bellaroo. (demo)",
        siteURL: "https://wellspring-weekly.example",
        category: .health,
        language: .en,
        countryCode: "au",
        monogram: "W",
        palette: DemoPalette(
            backgroundStart: "#eaf5ec", backgroundEnd: "#cbe6d2",
            accents: ["#67ad84", "#2f7a5d", "#f2c65f"], ink: "#1f3b2d"
        ),
        motif: .waves,
        articles: [
            DemoArticle(
                slug: "pool-open-all-winter",
                title: "The town pool that stayed open all winter",
                author: "Imogen Tarrant",
                summary: "Bellaroo’s outdoor pool used to close from May to October. Solar heating and a volunteer roster have kept it open year-round for the first time.",
                body: """
                At half past six on a cold July morning, steam rises from the Bellaroo Memorial Pool in soft white clouds. A dozen swimmers are already doing laps. On the grass beside the pool, someone has set out a thermos of tea and a stack of paper cups.

                For sixty years the pool closed every winter. Heating an outdoor pool was too expensive, and the lifeguards went back to their other jobs.

                ## Sun on the roof, warmth in the water

                Two years ago, the council and a residents’ group raised money for solar collectors on the roof of the change rooms. On sunny days, water pumped through them comes back several degrees warmer. A pool cover, rolled out each evening by volunteers, keeps the heat in overnight.

                [figure] The solar collectors on the change-room roof, with the pool cover rolled at the deep end.

                The water is cooler than in summer, but comfortable for laps. Winter hours are shorter, and a roster of trained volunteers supports the paid lifeguards.

                ## Who comes

                Regulars include retirees, shift workers, a school swimming club and a group of mothers who swim while a grandparent minds their children on the grass. Attendance in the first winter was about half the summer average, far more than the council expected.

                > “People told us nobody would swim outside in July,” said the pool’s manager, Doug Ferreira-Haines. “It turns out plenty of people were just waiting to be asked.”
                """
            ),
            DemoArticle(
                slug: "saturday-walking-groups",
                title: "Bellaroo’s Saturday walkers reach their five hundredth walk",
                author: "Samir Kealoha-Price",
                summary: "What began as three neighbours walking to the headland has become a weekly gathering of more than a hundred people. The rules are simple: go at the pace of the slowest walker and stop for the view.",
                body: """
                The first Saturday walk set off from the bakery on Shore Street with three people and a dog. Last weekend, the five hundredth walk set off from the same spot with a hundred and twelve people, eight dogs and a birthday cake.

                ## How it works

                There is no membership and no fee. Walkers meet at eight o’clock, a volunteer leader reads out the route, and the group sets off. Two routes are offered each week: a short flat loop along the foreshore and a longer climb to the headland.

                - The leader walks at the front; a volunteer called the “sweeper” walks at the back.
                - The group goes at the pace of its slowest walker.
                - Everyone stops at the lookout, whatever the weather.

                ## More than exercise

                Walkers describe the group as much a social event as a physical one. Newcomers to town say it is the quickest way to meet neighbours. Older members say it gives their week a shape.

                > “You can walk with someone for an hour and learn more about them than in a year of waving across the street,” said Aggie Mulvaney, who has missed only four walks since the start.

                The group’s founders, who still walk most weeks, say they never planned for it to grow. They simply kept turning up, and so did everyone else.
                """
            ),
            DemoArticle(
                slug: "hospital-vegetable-garden",
                title: "A vegetable garden grows in the middle of Millhaven Hospital",
                author: "Bridget Oduya",
                summary: "A neglected courtyard at Millhaven Hospital is now a kitchen garden tended by staff, patients’ families and volunteers. The produce goes to the hospital café.",
                body: """
                For years the courtyard in the centre of Millhaven Hospital was a square of cracked paving and two tired shrubs. Staff walked past it on the way to somewhere else.

                Today it holds eight raised beds, a small glasshouse, a lemon tree and a bench that is rarely empty. Tomatoes climb the old railings. Herbs spill over the edges of the beds.

                ## Who gardens

                The garden was started by a group of nurses and porters who wanted somewhere green to spend their breaks. Volunteers from the local gardening club joined them, and families visiting patients began to help with the watering.

                The beds are built at different heights, so people can garden standing, sitting or from a wheelchair. Paths are wide and smooth. Tools hang on a rack by the door with a sign that reads “please borrow”.

                ## From garden to café

                What the garden grows goes to the hospital café, which uses it in soups and salads and marks the dishes on its menu board with a small green leaf.

                Staff say the garden has changed the feel of the building. A courtyard people once hurried through is now a place they stop. On sunny afternoons, the bench is a good place to overhear conversations about the progress of the beans.
                """
            ),
            DemoArticle(
                slug: "clinic-van-reaches-farms",
                title: "On the road with the clinic van that visits outlying farms",
                author: "Samir Kealoha-Price",
                summary: "Once a fortnight, a converted van carries a nurse and a health worker along the dirt roads west of Bellaroo. For many families, it is the easiest way to keep appointments.",
                body: """
                The van leaves the Bellaroo Community Health Centre at seven in the morning, loaded with supplies, a fold-out awning and a large esky of sandwiches. By eight it is on the gravel, heading west past paddocks and silos.

                On board are Nurse Lachlan Brennan-Obi and community health worker Merindah Scott. Over the next ten hours they will stop at four meeting points: a community hall, a school, a roadhouse and a shearing shed.

                ## Why a van

                The nearest health centre is more than an hour’s drive for many families west of town, and for people with stock to feed or children to collect, an hour each way is hard to find. The van brings routine appointments closer to home.

                Visits are booked in advance by phone. The team handles check-ups, follow-ups arranged by the centre’s doctors, and questions that do not need a trip to town. Anything more complex is booked into the centre for another day.

                ## A day on the gravel

                The first stop, at the Coopers Flat community hall, is the busiest. By the time the van arrives, a small queue has formed on the veranda, and someone has already put the urn on. The team sets up in the supper room, with a folding screen for privacy and the awning outside for anyone waiting in the sun.

                The school visit is quieter. Scott runs a short session with the older children about the service, and the youngest class draws pictures of the van for the noticeboard. By mid-afternoon the team is at the roadhouse, where truck drivers sometimes drop in between deliveries. The last stop, the shearing shed, is the one the team likes best. The shed is still and cool after the heat of the road, and the conversations are long. Brennan-Obi says they often leave later than planned, and nobody minds.

                ## Getting to know people

                Scott, who grew up in the district, says the real value of the service is familiarity. People see the same faces every fortnight and are more willing to mention the things that worry them.

                > “Half the job is turning up when we said we would,” Brennan-Obi said. “The other half is the cup of tea afterwards.”

                The centre hopes to add a second van next year, to reach the coastal settlements to the south.
                """
            ),
            DemoArticle(
                slug: "how-the-body-keeps-time",
                title: "Explainer: how the body keeps time",
                author: "Bridget Oduya",
                summary: "Inside each of us runs a daily clock, tuned by light. A short explainer on what scientists mean by circadian rhythms.",
                body: """
                Most living things, from bread mould to blue whales, keep time. Their bodies follow a rhythm of roughly twenty-four hours, rising and falling in step with day and night. Scientists call these daily patterns circadian rhythms, from Latin words meaning “about a day”.

                ## A clock in the brain

                In people, the main clock sits in a tiny cluster of cells deep in the brain, just above the point where the nerves from the eyes cross. It receives signals about light from the eyes and uses them to keep itself set to the day outside.

                From there, it coordinates many smaller clocks throughout the body. Body temperature, hunger and alertness all follow daily patterns that this central clock helps to keep in step.

                ## Why travel feels strange

                When people fly across several time zones, the clock is suddenly out of step with the sun. It can only adjust gradually, which is why the first days after a long flight can feel slightly unreal.

                ## A young science

                Researchers are still learning how these clocks work and how they interact. What is clear is that light is the strongest signal the clock receives, and that almost every part of the body has some sense of what time it is.
                """
            ),
            DemoArticle(
                slug: "choir-for-carers",
                title: "A choir where carers come to sing, not to talk about caring",
                author: "Imogen Tarrant",
                summary: "Every Thursday evening, forty people who look after family members meet in the Bellaroo scout hall to sing. The only rule is that nobody has to explain why they came.",
                body: """
                The Thursday Choir meets in the Bellaroo scout hall, under a ceiling hung with flags and old canoe paddles. Its forty members have one thing in common: each looks after someone at home, a partner, a parent or a child who needs extra care.

                The choir was started by Rosa Vantongeren, a music teacher who cared for her father for eleven years. She wanted a place where carers could spend an hour being something other than carers.

                ## No auditions, no explanations

                Anyone can join. Nobody is asked to read music, and nobody is asked about their situation. Songs are taught by ear, in parts, and range from old folk tunes to pop songs the members vote for.

                > “At the door, you leave your list of things to do,” Vantongeren said. “For an hour, the only thing you have to remember is the alto line.”

                ## Small kindnesses

                Over time, the choir has grown its own informal network. Members swap phone numbers, cover each other’s shifts when one is unwell, and run a small library of books and puzzles for the people they look after.

                The choir gives two concerts a year. The audience is mostly the people the members care for, seated in the front row.
                """
            ),
            DemoArticle(
                slug: "shade-sails-schoolyards",
                title: "Shade sails go up over every schoolyard in the shire",
                author: "Samir Kealoha-Price",
                summary: "A three-year programme has installed shade over the playgrounds of all nineteen schools in the Bellaroo shire. Students helped choose where the sails went.",
                body: """
                Walk into any schoolyard in the Bellaroo shire at lunchtime and you will see children playing under great triangles of fabric stretched between steel poles. The shade sails, in blues, greens and one particularly bright orange, are the result of a three-year programme that finished this term.

                ## Students as surveyors

                Before any sail went up, students at each school mapped their own playgrounds. Classes recorded where the sun fell at different times of day, where children actually played, and where they sat to eat. Their maps guided where the sails were placed.

                [figure] A student map of the Bellaroo Primary playground, marking shade at lunchtime in summer.

                Several schools asked for shade over places the adults had not considered: the queue for the canteen, the bike racks and a favourite climbing tree that had lost a large branch in a storm.

                ## Built to last

                The sails are made of tough woven fabric that blocks most sunlight but lets air through, so the space underneath stays cool. They are taken down before the biggest storms and checked each year by the shire’s maintenance team.

                The shire’s council says the programme was one of the most popular it has run. The most common complaint, according to one principal, is that students now want shade over the oval as well.
                """
            ),
            DemoArticle(
                slug: "drinking-fountains-return",
                title: "Drinking fountains return to Shore Street",
                author: "Bridget Oduya",
                summary: "Ten new public drinking fountains, including two with dog bowls, have been installed along Bellaroo’s main street and foreshore. A map shows walkers where each one is.",
                body: """
                There was a time when every Australian town had a drinking fountain by the post office. Bellaroo’s was removed decades ago, and for years the main street had nowhere to fill a bottle.

                This summer, ten new fountains were installed along Shore Street and the foreshore path. Each is made of pale recycled steel, has a bottle-filling tap as well as a bubbler, and is set at a height children and wheelchair users can reach.

                ## A map for walkers

                The council has printed a small map showing every fountain, public toilet and shaded bench in the town centre. It is available free at the library and visitor centre, and is painted on a board by the bus stop.

                Two of the fountains have a lower bowl for dogs, which has made them a popular meeting point for the town’s morning dog-walkers.

                ## Small things, used often

                The council says the fountains were among the cheapest items in this year’s town-centre budget and among the most requested in its community survey. A counter fitted to one of them recorded more than four thousand uses in its first month.
                """
            ),
            DemoArticle(
                slug: "tuesday-shed-retirees",
                title: "At the Tuesday Shed, the talking happens over the workbench",
                author: "Imogen Tarrant",
                summary: "A community workshop in an old railway goods shed gives retirees a place to build, mend and chat. Members say the projects are the excuse, not the point.",
                body: """
                The old railway goods shed at the end of Platform Road has a new sign above its door, hand-carved in red gum: The Tuesday Shed. Inside, a dozen people are at work on a bench for the school, a set of toy trains, and a wheelbarrow with a stubborn wheel.

                ## A place to make things

                The shed opened four years ago after a group of retired tradespeople asked the council for a space to share their tools. The council offered the empty goods shed; members spent a year fixing the roof, wiring the lights and building the benches themselves.

                It now opens on Tuesdays and Fridays. Members pay a small fee to cover power and timber, and bring their own projects or take on jobs for community groups.

                - Recent jobs include garden beds for the hospital and shelves for the library.
                - Experienced members teach woodturning, welding and furniture repair.
                - There is a strict rule about putting tools back.

                ## The conversation at the bench

                Members are frank that the projects are not really the point. Many came after retiring, moving to town or losing a partner, and found that working side by side made conversation easier than sitting face to face.

                > “Nobody asks how you are feeling,” said founding member Reg Tallowby. “They ask you to hold the other end of a plank. Then you talk.”
                """
            ),
            DemoArticle(
                slug: "school-kitchen-garden",
                title: "From seed to plate at Bellaroo Primary’s kitchen garden",
                author: "Bridget Oduya",
                summary: "Every class at Bellaroo Primary spends one afternoon a fortnight in the school’s garden and kitchen. The children grow, harvest and cook a shared lunch.",
                body: """
                On Wednesday afternoons, the back corner of Bellaroo Primary smells of basil and wet soil. Year three is in the garden, pulling carrots, checking the worm farm and arguing cheerfully about whose turn it is with the watering can.

                ## Growing and cooking

                The kitchen garden programme began eight years ago with four vegetable beds and a donated stove. It now includes twelve beds, a small orchard, a chicken run and a teaching kitchen with child-height benches.

                Each class visits once a fortnight. Half the class gardens while the other half cooks, using whatever is ready to harvest. At the end of the session, everyone sits down together to eat what they have made.

                ## What the teachers notice

                Teachers say the garden has become a place for lessons of all kinds: measuring garden beds in maths, writing recipes in English, counting bees in science. Children who find the classroom difficult often shine in the garden.

                The programme is supported by parents, grandparents and a local greengrocer who donates seeds each spring. The most popular dish, by a large margin, remains pumpkin soup.
                """
            ),
            DemoArticle(
                slug: "ward-musicians",
                title: "The volunteer musicians who play in hospital corridors",
                author: "Samir Kealoha-Price",
                summary: "A roster of volunteer musicians brings quiet live music to the waiting areas of Millhaven Hospital three afternoons a week. Staff say the sound softens the whole building.",
                body: """
                On Tuesday, Wednesday and Thursday afternoons, music drifts through the waiting areas of Millhaven Hospital. One week it might be a harpist, the next a retired schoolteacher with a classical guitar, the next a pair of teenagers playing violin duets.

                The musicians are volunteers, organised by a small local group called Quiet Notes. Each plays for about an hour, moving slowly between waiting rooms and corridors.

                ## Choosing the right music

                The organisers give every musician a short briefing. Music should be gentle and unhurried, rarely loud, and always easy to ignore for anyone who wants to. Players are asked to watch the room and move on if it seems better to.

                > “We are not giving a concert,” said coordinator Fiona Aldridge-Mau. “We are trying to make the room feel a little kinder.”

                ## What people say

                Patients and visitors often stop to listen, and some ask for requests. Staff say the music makes long afternoons feel shorter. One porter has started timing his rounds to pass the harp.

                Quiet Notes now has thirty volunteers and a waiting list of musicians hoping to join.
                """
            ),
            DemoArticle(
                slug: "bench-map-for-walkers",
                title: "A nurse who mapped every bench in town",
                author: "Imogen Tarrant",
                summary: "Retired community nurse June Okoro-Blake noticed that many older residents planned their walks around places to rest. So she mapped them all, and the council added twenty more.",
                body: """
                For thirty years, June Okoro-Blake visited people in their homes as a community nurse. Again and again she heard the same thing from older residents: they would walk more if they knew they could sit down along the way.

                When she retired, she decided to do something about it. Over one spring, with a clipboard and a measuring wheel, she walked every street in central Bellaroo and recorded every bench, low wall and bus shelter seat.

                ## Gaps in the map

                Her map showed long stretches with nowhere to rest, including the hill between the main street and the library, and most of the path along the river. She presented it to the council with a simple suggestion: a seat every two hundred metres along the town’s main walking routes.

                [figure] June’s hand-drawn map, with new benches marked in green and existing ones in grey.

                The council agreed. Twenty new benches have been installed, each with a back and armrests to make standing up easier. Several were sponsored by local families and carry small plaques.

                ## The walks that followed

                Okoro-Blake now leads a monthly walk along the new route, stopping at every bench. She says the best part is seeing people she used to visit at home now out on the riverbank, sitting in the sun.
                """
            ),
        ]
    )
}
