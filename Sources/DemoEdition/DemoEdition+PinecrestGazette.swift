extension DemoEdition {
    /// General news: a small-town paper where the footbridge and the library are front-page news.
    static let pinecrestGazette = DemoSource(
        id: "pinecrest-gazette",
        name: "The Pinecrest Gazette",
        description: "The town paper of Pinecrest: council meetings, school news, Main Street and the people who make it home. (demo)",
        siteURL: "https://pinecrest-gazette.example",
        category: .general,
        language: .en,
        countryCode: "us",
        monogram: "PG",
        palette: DemoPalette(
            backgroundStart: "#f6eee1", backgroundEnd: "#e4d2b5",
            accents: ["#c8553d", "#588b8b", "#f2a65a"], ink: "#2d2a26"
        ),
        motif: .blocks,
        articles: [
            DemoArticle(
                slug: "cedar-creek-footbridge",
                title: "Town meeting votes to rebuild the Cedar Creek footbridge",
                author: "Walt Emberley",
                summary: "After two hours of debate, Pinecrest residents approved a plan to replace the ninety-year-old footbridge with a new timber span. Work begins in the spring.",
                body: """
                The Cedar Creek footbridge has carried Pinecrest children to school, couples to the bandstand and anglers to the good pools downstream for ninety years. On Tuesday night, residents voted to give it another ninety.

                By a show of hands in the packed high school gymnasium, the annual town meeting approved a plan to replace the bridge with a new span built to the same design. The vote was 214 to 31.

                ## Repair or replace

                Engineers hired by the town found last year that the bridge’s main beams had rotted where they meet the stone piers. Repairs were possible, they said, but would only buy a few years.

                The debate centred on whether to build a steel bridge, which would last longer, or a timber one matching the old design. Several residents spoke movingly about the bridge’s place in town life.

                Supporters of steel argued that the town should not have to have this conversation again in a generation. A steel span, they said, would need less maintenance and could be wide enough for the small sidewalk plows that now have to take the long way around. Town engineer Priscilla Adeyemi-Ward presented cost estimates for both options, which differed by less than the town spends each year on road salt.

                > “My grandfather proposed to my grandmother on that bridge,” said Ellen Moriarty-Hughes, who has lived on Creek Road all her life. “I would like my grandchildren to be able to do the same, and to have it look the same.”

                ## Timber it is

                In the end, the meeting chose timber, with hidden steel fixings and a protective coating the engineers say will add decades to its life. The old bridge’s railings will be restored and reused.

                The contract will go to a timber-framing firm from the valley that restored the covered bridge at Heron Crossing two summers ago. Students from the high school’s shop class will be invited to watch the main beams being raised, and the town has asked the firm to save offcuts from the old bridge for the historical society.

                The bridge will close in April and is expected to reopen by the Fourth of July parade. A temporary crossing will be placed a short distance downstream.
                """
            ),
            DemoArticle(
                slug: "library-seed-library",
                title: "Pinecrest Library adds a seed library and Sunday hours",
                author: "Rosalie Quarrington",
                summary: "Gardeners can now borrow seeds as easily as books, and return seeds from their own harvest in the fall. The library will also open on Sunday afternoons from next month.",
                body: """
                The old card catalog at the Pinecrest Public Library has found a new job. Its hundred small wooden drawers now hold packets of seeds: beans, tomatoes, squash, sunflowers and a dozen kinds of herbs.

                ## Borrowing seeds

                The seed library works on trust. Anyone with a library card can take up to five packets a season. At the end of the summer, borrowers are invited, but not required, to save seeds from their best plants and return them for next year.

                Each packet carries a small card with growing notes written by members of the Pinecrest Garden Club, who sorted and packed the first donations.

                [figure] The restored card catalog, now sorted by vegetable rather than by author.

                ## Sundays too

                The library also announced that it will open from one to five on Sunday afternoons, starting next month. The extra hours are funded by a bequest from a longtime patron, whose only request was that the library be open “when people have time to read”.

                Head librarian Marguerite Osei-Lindgren said Sunday opening had been the most requested change in the library’s annual survey for six years running.
                """
            ),
            DemoArticle(
                slug: "pumpkin-weigh-off",
                title: "A 912-pound pumpkin takes the county fair weigh-off",
                author: "Walt Emberley",
                summary: "Retired mail carrier Gus Halvorsen won the Pinecrest County Fair giant pumpkin contest with a record entry. It took a forklift and six volunteers to get it on the scale.",
                body: """
                Gus Halvorsen has grown pumpkins in his backyard on Larch Street for twenty-two years. On Saturday, one of them won the Pinecrest County Fair weigh-off at 912 pounds, a fair record.

                ## Moving a giant

                Getting the pumpkin to the fairground was the hardest part. It took a borrowed forklift, a flatbed trailer, an old mattress for padding and six members of the volunteer fire department. Halvorsen drove behind the trailer the whole way at fifteen miles an hour.

                ## The grower’s secrets

                Halvorsen was modest about his methods. He starts seeds indoors in April, plants them out in a sunny bed he has been improving with compost for two decades, and lets just one pumpkin grow on each vine.

                - He waters by hand every evening.
                - He shades the pumpkin with an old beach umbrella on hot days.
                - He talks to it, though he says this is “mostly for me”.

                The pumpkin will be on display at the fairground until Sunday. Halvorsen plans to save its seeds and hand them out at the library’s seed library in the fall.

                Second place went to the Okonjo twins of Birch Hollow Road, eleven years old, whose 604-pound entry was their first attempt. Halvorsen shook their hands at the scale and told them he expects to be beaten within five years.
                """
            ),
            DemoArticle(
                slug: "snowplow-naming-contest",
                title: "Meet Sir Plows-a-Lot: students name the town’s snowplows",
                author: "Rosalie Quarrington",
                summary: "Pinecrest Elementary students submitted more than three hundred names for the town’s six snowplows. The winners will be painted on the trucks this week.",
                body: """
                Pinecrest’s six snowplows have always been known by numbers. This winter, thanks to the students of Pinecrest Elementary, they have names.

                The public works department invited every class to submit suggestions. More than three hundred arrived, written on notebook paper, drawn in crayon and, in one case, sung.

                ## And the winners are

                A panel of plow drivers chose the winners:

                - Sir Plows-a-Lot
                - Blizzard Wizard
                - Captain Slushbucket
                - The Flake Breaker
                - The Abominable Plowman
                - Plowbert, suggested by a second-grader who insisted the truck “just looks like a Plowbert”

                ## Meeting the plows

                Each winning class will visit the public works garage next week to see its plow’s name painted on the side and sit in the driver’s seat.

                The drivers have also promised to wave. Each plow will carry a small sign in its rear window showing the class that named it, so residents digging out their driveways after the next storm will know exactly who to thank.

                Public works director Hank Obuya said the drivers enjoyed the project as much as the students. “They spend long nights out there in the cold,” he said. “Knowing a whole classroom is rooting for Blizzard Wizard helps.”
                """
            ),
            DemoArticle(
                slug: "maple-street-diner-new-owners",
                title: "The Maple Street Diner changes hands, but not its pancakes",
                author: "Walt Emberley",
                summary: "After seventy years in the same family, Pinecrest’s oldest diner has been sold to two of its longtime cooks. The menu, the booths and the pie case are staying.",
                body: """
                The Maple Street Diner has served breakfast at the same counter since 1955. Its booths are red, its coffee cups are thick and white, and its pie case has not been empty on a weekday in living memory.

                This month the diner was sold by the Dufresne family, who founded it, to two cooks who have worked its grill for a combined thirty-one years, Luis Kettleman and Amara Doherty.

                ## Keeping things the same

                The new owners say customers should notice as little as possible. The pancake recipe, written on a grease-spotted card taped inside a cupboard, stays. So do the booths, the pie case and the sign in the window that says “Yes, we’re open”.

                > “People don’t come here for new ideas,” Doherty said. “They come for the same booth and the same eggs. Our job is to make sure that’s still here.”

                ## A few changes

                There will be a few small changes. The diner will open half an hour earlier for workers on the early shift at the mill, and the new owners plan to add a vegetable hash that Kettleman has been making for the staff for years.

                The Dufresne family will still be regulars. Former owner Bernadette Dufresne said she plans to sit in booth four every Saturday and order the same thing she has ordered since she was nine.
                """
            ),
            DemoArticle(
                slug: "bus-route-to-valley-college",
                title: "New bus route links Pinecrest to Valley Community College",
                author: "Dana Whitcombe-Ashe",
                summary: "Route 14 will run every hour between the town green and the college campus, a forty-minute trip. Students and commuters had asked for it for years.",
                body: """
                For years, Pinecrest students at Valley Community College have relied on rides from friends and family to make the thirty-mile trip. From next month, they will have a bus.

                The regional transit authority announced on Monday that Route 14 will run hourly from the town green to the college campus on weekdays, with a reduced service on Saturdays.

                ## The route

                The bus will stop at the town green, the Maple Street Diner, the hospital and two stops in the valley before reaching the college. The full trip will take about forty minutes.

                [figure] The Route 14 map, from the town green to the college campus.

                ## Who pushed for it

                The route follows a three-year campaign by students, parents and the college itself. Students collected signatures at the county fair and rode the existing buses with clipboards, counting how many people would use a new connection.

                Transit officials said the students’ survey was one of the most useful they had received. The route will be reviewed after a year, and officials say continued ridership will decide whether it expands to evenings.
                """
            ),
            DemoArticle(
                slug: "fire-department-open-house",
                title: "Volunteer fire department opens its doors to the town",
                author: "Dana Whitcombe-Ashe",
                summary: "Hundreds of residents toured the Pinecrest firehouse on Saturday, climbed into engines and watched a demonstration. The department hopes to recruit new volunteers.",
                body: """
                The big red doors of the Pinecrest Volunteer Fire Department were open all day on Saturday, and hundreds of residents walked through them.

                Children climbed into the cab of Engine 2, tried on helmets several sizes too large and sprayed a small hose at a target painted like a cartoon flame. Adults toured the station, looked at the equipment and asked questions over coffee and doughnuts.

                ## A call for volunteers

                The open house had a serious purpose. Like many small-town departments, Pinecrest’s relies entirely on volunteers, and their numbers have slowly declined.

                Chief Marisol Brandt-Okafor said the department needs people for many roles, not only firefighting. Volunteers also drive, handle radios, manage equipment and run fundraisers.

                > “A lot of people assume they couldn’t do it,” Brandt-Okafor said. “Then they come in, meet the crew, and realize we train everyone from scratch.”

                ## Training begins in January

                The next training class begins in January and meets two evenings a week. Eleven people signed up on Saturday.

                The department’s oldest volunteer, eighty-one-year-old Harold Finch-Moreno, spent the day showing visitors the station’s original hand-pulled pump cart, which he was the last person to use in service.
                """
            ),
            DemoArticle(
                slug: "historical-society-photographs",
                title: "Historical society puts ten thousand old photographs online",
                author: "Rosalie Quarrington",
                summary: "Volunteers at the Pinecrest Historical Society have spent four years scanning glass plates, prints and slides. Residents are being asked to help identify the faces.",
                body: """
                In the basement of the Pinecrest Historical Society, in boxes stacked to the ceiling, lay more than a century of the town’s photographs: glass plates from the first studio on Main Street, family snapshots donated by estates, and thousands of slides from a newspaper photographer.

                Over four years, a team of volunteers has scanned ten thousand of them. This week, the collection went online.

                ## A window on the past

                The photographs show Pinecrest as it was: the mill in full operation, horse-drawn sleighs on Main Street, the first car at the county fair, and decades of school pictures, parades and picnics.

                [figure] Main Street in winter, from a glass plate negative found in the basement collection.

                ## Who is this?

                Many of the photographs have no labels. The society is asking residents to browse the collection and help identify people, places and events. Anyone who recognizes a face can submit a note through the website or at the society’s Thursday open hours.

                Volunteer coordinator Eugene Tolliver-Park said the response has already been remarkable. In the first two days, residents identified more than three hundred people, including several who recognized themselves.
                """
            ),
            DemoArticle(
                slug: "robotics-team-recycling-sorter",
                title: "High school robotics team builds a machine to sort recycling",
                author: "Dana Whitcombe-Ashe",
                summary: "The Pinecrest High Pinebots designed a small sorting machine for the school cafeteria that separates cans, bottles and paper. It won a regional design award.",
                body: """
                At lunchtime in the Pinecrest High cafeteria, students now drop their empty cans, bottles and paper into a single slot in a large plywood box. A few seconds later, a whir and a click send each item into the right bin.

                The machine was built by the school’s robotics team, the Pinebots, over the winter. Last month it won a regional award for practical design.

                ## How it works

                Items drop onto a short conveyor belt. A metal detector picks out cans, which are pushed sideways by a small arm. A light sensor spots clear plastic bottles. Everything else continues to the paper bin at the end.

                ## Learning from mistakes

                The first version, the team admits, was a disaster. It jammed on crumpled paper, mistook foil wrappers for cans and once launched a yogurt cup across the cafeteria.

                - Version two added a wider belt and a jam sensor.
                - Version three added a brush to flatten paper.
                - Version four, the current model, has run for six weeks without a jam.

                Team captain Imani Castellano-Reed said the hardest part was not the electronics but watching people use it. “You design something and then someone puts a whole lunch tray in,” she said. “So you design it again.”
                """
            ),
            DemoArticle(
                slug: "community-garden-first-frost",
                title: "First frost brings the community garden harvest to a close",
                author: "Walt Emberley",
                summary: "Gardeners at the Elm Street Community Garden picked the last of their tomatoes and squash before Tuesday’s frost. Much of the harvest went to the town food pantry.",
                body: """
                The first frost of the season arrived in Pinecrest early on Tuesday morning, dusting the town green white and bringing the growing season at the Elm Street Community Garden to a close.

                Gardeners had been watching the forecast all week. On Monday evening, dozens of them gathered to bring in the last of their tomatoes, peppers, squash and beans before the cold set in.

                ## Sharing the harvest

                The garden has forty plots, rented for a small fee each spring. Many gardeners grow more than they can eat, and the garden has a tradition of donating the surplus to the Pinecrest Food Pantry.

                This year, gardeners donated more than two thousand pounds of fresh produce over the season, a record. The pantry’s volunteers say fresh vegetables are among the most welcome items they receive.

                ## Getting ready for winter

                Over the coming weekends, gardeners will clear their plots, spread compost and plant garlic for next summer. The garden’s committee will meet in January to plan next year’s layout.

                Longtime gardener Celestine Abara-Moss, who has tended plot twelve for nineteen years, said the last harvest is always bittersweet. “You say goodbye to the tomatoes,” she said. “Then you start dreaming about next year’s.”
                """
            ),
            DemoArticle(
                slug: "crossing-guard-retires",
                title: "After thirty years, Mr. Delgado hangs up his stop sign",
                author: "Rosalie Quarrington",
                summary: "Crossing guard Tomás Delgado-Frye has helped generations of Pinecrest children across Elm and Fourth. On Friday, they lined the street to say thank you.",
                body: """
                For thirty years, rain or shine, Tomás Delgado-Frye stood at the corner of Elm and Fourth every school morning and every school afternoon, holding up his stop sign and greeting every child by name.

                On Friday, his last day, the children of Pinecrest Elementary lined both sides of the street holding handmade signs of their own. Many of their parents, who crossed with him when they were children, stood behind them.

                ## Generations of children

                Delgado-Frye estimates he has helped more than a quarter of a million crossings. He has never missed a day to weather. He kept a bag of spare mittens in his coat pocket every winter and handed out stickers on birthdays.

                > “The job is to keep them safe,” he said. “But the best part was the hellos. Every morning, a hundred hellos.”

                ## What comes next

                Delgado-Frye says he plans to spend more time fishing and with his grandchildren, who live two towns over. He has promised to visit the school at least once a month.

                His replacement, a retired bus driver named Gloria Penhaligon, spent the last week shadowing him. He gave her one piece of advice: learn the names.
                """
            ),
            DemoArticle(
                slug: "main-street-mural",
                title: "Main Street mural tells a century of Pinecrest history",
                author: "Dana Whitcombe-Ashe",
                summary: "A sixty-foot mural on the side of the old hardware building, painted over three months by local artists and volunteers, was unveiled on Sunday.",
                body: """
                The long brick wall on the side of the old hardware building on Main Street was blank for as long as anyone can remember. Since Sunday, it has told the story of Pinecrest.

                The sixty-foot mural, painted over three months by a team of local artists and more than a hundred volunteers, shows a century of town life in a single winding scene.

                ## Reading the wall

                On the left, loggers float timber down Cedar Creek to the old mill. Moving right, the town grows: the first school, the bandstand, the Maple Street Diner, the county fair. On the far right, children cross the Cedar Creek footbridge on their way to school.

                [figure] A detail from the mural: the bandstand on the town green, based on a photograph from the historical society.

                The artists based many scenes on photographs from the historical society’s collection and on stories collected from longtime residents.

                ## Painted by many hands

                Lead artist Odessa Tremblay-Nwosu designed the mural and painted its faces. Volunteers, from schoolchildren to retirees, filled in the sky, the trees and the creek. Each volunteer was invited to paint one small hidden object of their choice.

                A guide to the hidden objects is available at the library. So far, residents have found a cat, a bicycle, a lost mitten and a very small snowplow labeled Blizzard Wizard.
                """
            ),
        ]
    )
}
