import NewsModel
